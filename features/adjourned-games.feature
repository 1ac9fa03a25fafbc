Feature: Adjourned games: the sealed move
  A game not finished when the session ends is adjourned: the player to
  move writes the move on the scoresheet and seals it in an envelope, and
  the envelope is opened when play resumes. (FIDE Laws of Chess,
  Guidelines I.)

  lawbook's over-the-board model seals and opens the move; the step
  `seals the move "..."` gives the move as written on the scoresheet. These
  are facts of lawbook's own model, not questions for other engines, which
  report these scenarios as unsupported.

  @fide-I.1.1 @fide-I.9.1
  Rule: The player having the move seals it, and it is made when the envelope is opened

    # FIDE Guidelines I.1.1 and I.9.1, in our words: the player to move
    # writes the move down and seals it without making it on the board; at
    # the resumption the envelope is opened and the move made.
    Scenario: White seals Nf3; nothing is played before the envelope is opened, and then Nf3 is made
      Given the position after 1. e4 e5
      When White seals the move "Nf3"
      And White moves the knight from g1 to f3
      Then that is refused under article I.5
      When the envelope is opened
      Then the move Ng1-f3 has been played
      And Black is to move

    # FIDE Guidelines I.1.1, in our words: only the player having the move seals.
    Scenario: Black cannot seal a move while White has the move
      Given the position after 1. e4 e5
      When Black seals the move "Nc6"
      Then that is refused under article I.1.1

  @fide-I.8 @fide-I.8.1 @fide-I.8.2 @fide-I.8.3
  Rule: A sealed move that is ambiguous, cannot be made out or is illegal loses the game

    # FIDE Guidelines I.8.1, in our words: a sealed move that could be more
    # than one move loses.
    Scenario: White seals "Nd2" with knights on b1 and f3: ambiguous, so White loses
      Given White: Ke1 Nb1 Nf3 Qd1 Pe2
      And Black: Ke8 Qd8 Pe7
      And White to move
      When White seals the move "Nd2"
      And the envelope is opened
      Then the game ends 0-1 by an ambiguous sealed move

    # FIDE Guidelines I.8.2, in our words: a sealed move whose meaning
    # cannot be made out loses.
    Scenario: White seals "the knight forward": its meaning cannot be made out, so White loses
      Given the position after 1. e4 e5
      When White seals the move "the knight forward"
      And the envelope is opened
      Then the game ends 0-1 by a sealed move that cannot be made out

    # FIDE Guidelines I.8.3, in our words: an illegal sealed move loses.
    Scenario: White seals "Ke2", which walks into the bishop's check: illegal, so White loses
      Given White: Ke1 Qd1 Pe3
      And Black: Ke8 Bb5
      And White to move
      When White seals the move "Ke2"
      And the envelope is opened
      Then the game ends 0-1 by an illegal sealed move

    # FIDE Guidelines I.8 excepts the cases of Article 6.9, in our words: a
    # player whose opponent could never checkmate is not lost but draws.
    Scenario: Black seals "Qd1" through its own pawn on d7, but White has only a king and could never checkmate: a draw
      Given White: Ke1
      And Black: Ke8 Qd8 Pd7
      And Black to move
      When Black seals the move "Qd1"
      And the envelope is opened
      Then the game ends 1/2-1/2 by an illegal sealed move, with no mate possible

  @fide-I.4 @fide-I.6
  Rule: Before the resumption the game can still be drawn by agreement or resigned

    # FIDE Guidelines I.4 and I.6, in our words: a draw offered after the
    # move is sealed stands until answered, and an agreement concludes the
    # game without the envelope being opened.
    Scenario: After White seals, Black offers a draw and White accepts: the game is drawn
      Given the position after 1. e4 e5 2. Nf3 Nc6
      When White seals the move "Bb5"
      And Black offers a draw
      And White accepts the draw offer
      Then the game ends 1/2-1/2 by agreement
