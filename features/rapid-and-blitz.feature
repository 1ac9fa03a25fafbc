Feature: Rapid and blitz games
  What the FIDE Laws of Chess (2023) change for rapid games (Appendix A)
  and blitz games (Appendix B): which time controls make a game rapid or
  blitz, the smaller penalty, and what holds when the arbiters cannot watch
  every game closely. Each scenario says in plain words, above it, what the
  article says. lawbook's model of the board, the clock and the arbiter
  answers them, so other engines report them as unsupported.

  @fide-A.1 @fide-B.1
  Rule: The time for the game, with sixty times the increment, makes a game blitz, rapid or standard

    # FIDE A.1, in our words: a game is rapid when each player's time, plus
    # sixty times the increment, is more than ten and less than sixty minutes.
    @fide-A.1
    Scenario: 15 minutes with 10 seconds a move counts as 25 minutes: a rapid game
      Given the initial position
      And the time control is 15 minutes for the game with 10 seconds added per move
      Then the game is a rapid game

    # FIDE B.1, in our words: a game is blitz when that time is ten minutes
    # or less.
    @fide-B.1
    Scenario: 10 minutes for the game, no increment: a blitz game
      Given the initial position
      And the time control is 10 minutes for the game
      Then the game is a blitz game

    # FIDE A.1 and B.1, in our words: one second a move adds a minute, which
    # is enough to make ten minutes a rapid game.
    @fide-A.1 @fide-B.1
    Scenario: 10 minutes with 1 second a move counts as 11 minutes: a rapid game
      Given the initial position
      And the time control is 10 minutes for the game with 1 second added per move
      Then the game is a rapid game

    # FIDE B.1, in our words: three seconds a move on five minutes is eight
    # minutes: blitz.
    @fide-B.1
    Scenario: 5 minutes with 3 seconds a move counts as 8 minutes: a blitz game
      Given the initial position
      And the time control is 5 minutes for the game with 3 seconds added per move
      Then the game is a blitz game

    # FIDE A.1, in our words: sixty minutes is not less than sixty: the game
    # is not rapid.
    @fide-A.1
    Scenario: 50 minutes with 10 seconds a move counts as 60 minutes: a standard game
      Given the initial position
      And the time control is 50 minutes for the game with 10 seconds added per move
      Then the game is a standard game

  @fide-A.3
  Rule: In rapid chess the penalties of Articles 7 and 9 are one minute instead of two

    # FIDE A.3 with 7.5.1 and 7.5.5, in our words: the first illegal move
    # gives the opponent one minute, not two; the move brings no increment.
    @fide-A.3 @fide-7.5.5
    Scenario: In a rapid game White moves a rook diagonally: it goes back, and Black gets one minute
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 15 minutes for the game with 10 seconds added per move
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the move is illegal under article 7.5.1
      And there is a white rook on a1
      And the arbiter gives Black 1 extra minute
      And Black has 16 minutes left on the clock
      And White has 15 minutes left on the clock

    # FIDE A.3 with 9.5.3, in our words: an incorrect draw claim gives the
    # opponent one minute in rapid chess.
    @fide-A.3 @fide-9.5.3
    Scenario: In a rapid game White claims a threefold repetition too early: Black gets one minute
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8
      And the time control is 25 minutes for the game
      When White claims a draw by threefold repetition
      Then the arbiter rejects the claim
      And the arbiter gives Black 1 extra minute
      And Black has 26 minutes left on the clock

  @fide-B.2 @fide-B.3
  Rule: Blitz is under the Competition Rules with an arbiter for each game, otherwise under the rapid rules

    # FIDE B.2, in our words: with one arbiter watching each game, and each
    # game recorded, the Competition Rules apply to blitz, and with them the
    # two minutes of 7.5.5.
    @fide-B.2 @fide-7.5.5
    Scenario: In a blitz game with an arbiter at the board, an illegal move gives Black two minutes
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 5 minutes for the game with 3 seconds added per move
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the move is illegal under article 7.5.1
      And the arbiter gives Black 2 extra minutes

    # FIDE B.3 with A.3, in our words: otherwise blitz follows the rapid
    # rules, and the penalty is one minute.
    @fide-B.3 @fide-A.3
    Scenario: In a blitz game without adequate supervision, Black's claim of the illegal move gives Black one minute
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 3 minutes for the game with 2 seconds added per move
      And the game is not adequately supervised
      When White moves the rook from a1 to b2
      And White presses the clock
      And Black claims that White's last move was illegal
      Then the move is illegal under article 7.5.1
      And the arbiter gives Black 1 extra minute

  @fide-A.5.2
  Rule: Without adequate supervision an illegal move is corrected only if it is claimed before the opponent's next move

    # FIDE A.5.2, in our words: where the arbiters cannot watch every game,
    # an illegal move stays on the board unless the opponent claims it before
    # making a move; claimed, it is taken back and penalised.
    @fide-A.5.2 @fide-A.3
    Scenario: White moves a rook diagonally in an unsupervised rapid game; Black claims at once: the rook goes back and Black gets a minute
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the illegal move stays on the board until it is claimed
      When Black claims that White's last move was illegal
      Then the move is illegal under article 7.5.1
      And there is a white rook on a1
      And White is to move
      And the arbiter gives Black 1 extra minute

    # FIDE A.5.2, in our words: once the opponent has made a move, the
    # illegal move stands and the game goes on from there.
    @fide-A.5.2
    Scenario: Black plays on instead of claiming: the rook's diagonal move stands and Black's Kd8 is played
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White moves the rook from a1 to b2
      And White presses the clock
      And Black moves the king from e8 to d8
      And Black presses the clock
      Then the move Kd8 has been played
      And the game goes on
      When Black claims that White's last move was illegal
      Then that is refused under article A.5.2

    # FIDE A.5.2, in our words: with adequate supervision the arbiter acts
    # on every illegal move at once (the Competition Rules, A.4).
    @fide-A.4 @fide-A.5.2
    Scenario: In a supervised rapid game nothing waits for a claim: the rook goes back at once
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      And the time control is 15 minutes for the game
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the move is illegal under article 7.5.1
      And the arbiter gives Black 1 extra minute
      When Black claims that White's last move was illegal
      Then that is refused under article A.5.2

  @fide-A.5.1
  Rule: Without adequate supervision, no claim about the set-up once ten moves each are completed

    # FIDE A.5.1.2, in our words: once each player has completed ten moves,
    # a wrong set-up or a board placed the wrong way round can no longer be
    # claimed; the game goes on.
    @fide-A.5.1.2
    Scenario: Kings and queens swapped, found after ten moves each in an unsupervised rapid game: the game goes on
      Given the position rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
      When the game continues 1. a3 a6 2. b3 b6 3. c3 c6 4. d3 d6 5. e3 e6 6. f3 f6 7. g3 g6 8. h3 h6 9. a4 a5 10. h4 h5
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      And White points out that the initial position was incorrect
      Then that is refused under article A.5.1.2
      And the game goes on

    # FIDE A.5.1 and 7.2.1, in our words: before ten moves each, the wrong
    # set-up is corrected with a new game, as in the Competition Rules.
    @fide-A.5.1.2 @fide-7.2.1
    Scenario: The same wrong set-up found after nine moves each: the game is cancelled
      Given the position rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
      When the game continues 1. a3 a6 2. b3 b6 3. c3 c6 4. d3 d6 5. e3 e6 6. f3 f6 7. g3 g6 8. h3 h6 9. a4 a5
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      And White points out that the initial position was incorrect
      Then the game is given up and a new game is played under article 7.2.1

    # FIDE A.5.1.2, in our words: the same holds for a board placed the
    # wrong way round.
    @fide-A.5.1.2
    Scenario: The board found the wrong way round after ten moves each in an unsupervised rapid game: no claim
      Given the position after 1. a3 a6 2. b3 b6 3. c3 c6 4. d3 d6 5. e3 e6 6. f3 f6 7. g3 g6 8. h3 h6 9. a4 a5 10. h4 h5
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White points out that the board is placed the wrong way round
      Then that is refused under article A.5.1.2

  @fide-A.5.3 @fide-A.5.5
  Rule: Without adequate supervision a fallen flag counts once the arbiter sees it or the opponent claims it

    # FIDE A.5.3, in our words: to win on time the player pauses the clock
    # and tells the arbiter; until then the game goes on, even past the
    # flag.
    @fide-A.5.3
    Scenario: White's 15 minutes run out unseen; White plays on; Black claims the flag: Black wins on time
      Given White: Ke1 Pa2
      And Black: Ke8 Qd8
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White's clock runs for 15 minutes
      Then the answer notes article 6.8
      And the game goes on
      When White moves the pawn from a2 to a3
      And White presses the clock
      And Black claims that White's flag has fallen
      Then the game ends 0-1 on time

    # FIDE A.5.3, in our words: the game is drawn if the claimant could not
    # checkmate by any series of legal moves.
    @fide-A.5.3
    Scenario: White's time runs out unseen and Black, with a bare king, claims it: a draw
      Given White: Ke1 Qd1
      And Black: Ke8
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White's clock runs for 15 minutes
      And Black claims that White's flag has fallen
      Then the game ends 1/2-1/2 on time, with no mate possible

    # FIDE A.5.5, in our words: the arbiter also calls a flag fall that he
    # sees.
    @fide-A.5.5
    Scenario: White's time runs out unseen; the arbiter sees the flag: Black wins on time
      Given White: Ke1 Pa2
      And Black: Ke8 Qd8
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White's clock runs for 15 minutes
      And the arbiter sees that White's flag has fallen
      Then the game ends 0-1 on time

  @fide-A.5.4
  Rule: Without adequate supervision, an illegal position still on the board after the next move is a draw

    # FIDE A.5.4, in our words: an arbiter who sees both kings in check waits
    # for the next move to be completed; if the position is still illegal
    # then, the game is drawn.
    @fide-A.5.4
    Scenario: White's pinned rook checks from h2, both kings in check; Black plays Re7 without claiming and both stay in check: a draw
      Given White: Ke1 Re2
      And Black: Kh5 Re8
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White moves the rook from e2 to h2
      And White presses the clock
      Then the illegal move stays on the board until it is claimed
      When Black moves the rook from e8 to e7
      And Black presses the clock
      Then the game ends 1/2-1/2 declared by the arbiter under article A.5.4

    # FIDE A.5.4, in our words: a reply that leaves a position a game can
    # have ends the irregularity, and the game goes on.
    @fide-A.5.4
    Scenario: The same, but Black's king steps out to g4: White is in check with the move, a position a game can have, and play goes on
      Given White: Ke1 Re2
      And Black: Kh5 Re8
      And White to move
      And the time control is 15 minutes for the game
      And the game is not adequately supervised
      When White moves the rook from e2 to h2
      And White presses the clock
      And Black moves the king from h5 to g4
      And Black presses the clock
      Then the arbiter lets the game go on under article A.5.4
      And the game goes on
