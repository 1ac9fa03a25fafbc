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

  @fide-I.9
  Rule: At the resumption the clock of the player who must reply runs, and the envelope waits for that player

    # FIDE Guidelines I.9.2, in our words: if the player who must reply to
    # the sealed move is not there, that player's clock is started; the
    # envelope is opened once the player arrives, and the sealed move made.
    @fide-I.9.2
    Scenario: White sealed Nf3 and Black comes five minutes late: Black's clock ran, and the envelope waits for Black
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the event's default time is 1 hour
      When White seals the move "Nf3"
      And Black is not at the board when play resumes
      And Black's clock runs for 5 minutes
      And the envelope is opened
      Then that is refused under article I.7
      When Black arrives at the board
      And the envelope is opened
      Then the move Ng1-f3 has been played
      And Black is to move
      And Black has 85 minutes left on the clock
      And White has 90 minutes left on the clock

    # FIDE Guidelines I.9.3, in our words: if the player who sealed is not
    # there, the opponent may write the reply down and seal it in a fresh
    # envelope, starting the absent player's clock instead of replying on the
    # board; that envelope is opened when the absent player arrives.
    @fide-I.9.3
    Scenario: White sealed Nf3 and is late; Black seals the reply Nc6, and White's clock runs until White comes
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the event's default time is 1 hour
      When White seals the move "Nf3"
      And White is not at the board when play resumes
      And the envelope is opened
      Then the move Ng1-f3 has been played
      When Black seals the move "Nc6"
      And White's clock runs for 10 minutes
      And White arrives at the board
      And the envelope is opened
      Then the move Nb8-c6 has been played
      And White is to move
      And White has 80 minutes left on the clock
      And Black has 90 minutes left on the clock

    # FIDE Guidelines I.11, in our words: with a default time other than
    # zero, if neither player is there at the resumption, the clock of the
    # player who must reply to the sealed move runs until that player comes.
    @fide-I.11
    Scenario: Neither player is there at the resumption: Black, who must reply, loses the 20 minutes until Black comes
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the event's default time is 30 minutes
      When White seals the move "Nf3"
      And neither player is at the board when play resumes
      And Black's clock runs for 5 minutes
      And White arrives at the board
      And Black's clock runs for 15 minutes
      And Black arrives at the board
      And the envelope is opened
      Then the move Ng1-f3 has been played
      And Black has 70 minutes left on the clock
      And White has 90 minutes left on the clock

  @fide-I.10
  Rule: A player late for the resumption loses, unless the sealed move ended the game

    # FIDE Guidelines I.10, in our words: a player who arrives after the
    # default time for the resumption loses the game.
    Scenario: Black comes 61 minutes late for the resumption, with a default time of one hour: White wins
      Given the position after 1. e4 e5
      And the time control is 2 hours for the game
      And the event's default time is 1 hour
      When White seals the move "Nf3"
      And Black is not at the board when play resumes
      And Black's clock runs for 61 minutes
      And Black arrives at the board
      Then the game ends 1-0 as the player arrived after the default time for the resumption

    # FIDE Guidelines I.10, in our words: but when the sealed move ended the
    # game, that ending stands.
    Scenario: White seals the mate Qf7 and comes late: the envelope is opened and the mate stands
      Given White: Kf6 Qa7
      And Black: Kf8
      And White to move
      And the time control is 90 minutes for the game
      When White seals the move "Qf7"
      And White is not at the board when play resumes
      And Black's clock runs for 5 minutes
      And White arrives at the board
      Then the game ends 1-0 by checkmate
