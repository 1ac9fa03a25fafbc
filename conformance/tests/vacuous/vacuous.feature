Feature: Scenarios that must never pass
  Each scenario here is vacuous (it would pass whatever an engine answers)
  or false. `tests/vacuous.rs` runs them on the built-in engine and requires
  every one to fail, with the reason in its message.

  # says: badly written
  Scenario: A move of the side not to move is never legal, so calling it illegal says nothing
    Given the initial position
    Then e7-e5 is illegal

  # says: badly written
  Scenario: A move from an empty square says nothing
    Given the initial position
    Then e3-e4 is illegal

  # says: badly written
  Scenario: A piece that is not there says nothing
    Given White: Ke1 Rh1
    And Black: Ke8
    And White to move
    Then Nf3 is illegal

  # says: badly written
  Scenario: Asking whether the other side's piece cannot move says nothing
    Given the initial position
    When White plays e4
    Then the pawn on e4 cannot move

  # says: gives neither check nor mate
  Scenario: A check mark on a move that gives no check
    Given the initial position
    Then Nf3+ is legal

  # says: gives check (+)
  Scenario: A mate mark on a move that only checks
    Given White: Ke1 Qd1
    And Black: Ke8 Pd7 Pe7
    And White to move
    Then Qh5# is legal

  # says: gives mate (#)
  Scenario: A check mark where the move mates
    Given the initial position
    When the game continues 1. f3 e5 2. g4
    Then Qh4+ is legal

  # says: expected e2-e4 to be illegal
  Scenario: A false statement fails
    Given the initial position
    Then e2-e4 is illegal

  # says: is not a move the corpus can read
  Scenario: Text that is no move is never compared
    Given the initial position
    Then Zz9 is illegal

  # says: no black piece attacks it
  Scenario: A premise that a square is attacked, when nothing attacks it
    Given White: Ke1 Rh1
    And Black: Ke8 Ra8
    And White may still castle short
    And f1 is attacked by Black
    Then 0-0 is illegal

  # says: it is attacked from a8
  Scenario: A premise that a square is not attacked, when it is
    Given White: Ke1 Ra1
    And Black: Ke8 Ra8
    Then a1 is not attacked by Black

  # says: the board is unchanged follows a tried move
  Scenario: The board is unchanged, with nothing tried
    Given the initial position
    Then the board is unchanged

  # says: lawbook's rules say: castling is not allowed: the king would pass over f1
  Scenario: A wrong reason for a refused castling
    Given White: Ke1 Rh1
    And Black: Ke8 Rf8
    And White to move
    And White may still castle short
    Then 0-0 is illegal because the king is in check

  # says: lawbook's validation finds nothing impossible in it
  Scenario: A position called one no game can reach, when a game can reach it
    Given the position 4k3/8/8/8/8/8/8/R3K3 w Q - 0 30, which no game can reach
    Then White has 16 legal moves

  # says: after the game has ended
  Scenario: A move played after the game has ended in a dead position
    Given White: Ke1 Nf3
    And Black: Ke8 Rd2
    And White to move
    When White plays Nxd2
    And Black plays Kd7
    Then the legal moves are Kc1, Kd1, Kf1, Kf2, Ke2, Kxd2 and Nb1
