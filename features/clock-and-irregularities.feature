Feature: The clock and irregularities in competition
  What the FIDE Laws of Chess (2023) say about the chessclock (Article 6)
  and about irregularities found during a game (Article 7): how much time
  each player has, what a move adds to it, what happens when the time runs
  out, a clock pressed with the wrong hand, a game begun from a wrong
  set-up, a board placed the wrong way round, and colours reversed. Each
  scenario says in plain words, above it, what the article says. lawbook's
  model of the board, the clock and the arbiter answers them, so other
  engines report them as unsupported.

  @fide-6.3
  Rule: Each player has the time of the time control, plus what each move adds

    # FIDE 6.3.1, in our words: the time control may add time to a player's
    # clock with every move; the player gets it once the move is completed.
    @fide-6.3.1
    Scenario: With 15 minutes and 10 seconds a move, White thinks for 30 seconds and plays e4: 14 minutes 40 seconds are left
      Given the initial position
      And the time control is 15 minutes for the game with 10 seconds added per move
      When White's clock runs for 30 seconds
      And White moves the pawn from e2 to e4
      And White presses the clock
      Then the move e4 has been played
      And White has 14 minutes 40 seconds left on the clock
      And Black has 15 minutes left on the clock

    # FIDE 6.3.1 and 6.3.2, in our words: the time for the next period is
    # added once a player completes the moves of a period, and the time the
    # player saved is kept.
    @fide-6.3.2
    Scenario: White completes move 40 with one minute to spare: the next 30 minutes are added to it
      Given White: Ke1 Ra1
      And Black: Ke8 Pa7
      And White to move
      And it is move 40
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      When White's clock runs for 89 minutes
      And White moves the rook from a1 to a2
      And White presses the clock
      Then White has 31 minutes left on the clock

    # FIDE 6.3.1, in our words: the next period's time comes only with the
    # move that completes the period, not before.
    @fide-6.3.1
    Scenario: At move 39 of a 40-move period nothing is added yet
      Given White: Ke1 Ra1
      And Black: Ke8 Pa7
      And White to move
      And it is move 39
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      When White's clock runs for 89 minutes
      And White moves the rook from a1 to a2
      And White presses the clock
      Then White has 1 minute left on the clock

    # FIDE 6.3.2, in our words: with a delay, each move first uses a fixed
    # extra time; the main time counts down only once it is used up.
    @fide-6.3.2
    Scenario: With a 5-second delay, a move made in 4 seconds leaves the main time untouched, one made in 8 seconds costs 3
      Given the initial position
      And the time control is 5 minutes for the game with a delay of 5 seconds per move
      When White's clock runs for 4 seconds
      And White moves the pawn from e2 to e4
      And White presses the clock
      And Black's clock runs for 8 seconds
      And Black moves the pawn from e7 to e5
      And Black presses the clock
      Then White has 5 minutes left on the clock
      And Black has 4 minutes 57 seconds left on the clock

    # FIDE 6.2.1, in our words: only the clock of the player who has the
    # move runs.
    # FIDE 6.6, in our words: when the game starts, White's clock is started.
    @fide-6.6
    Scenario: At the start of the game White's clock runs
      Given the initial position
      And the time control is 5 minutes for the game
      When White's clock runs for 10 seconds
      Then White has 4 minutes 50 seconds left on the clock
      And Black has 5 minutes left on the clock

    @fide-6.2.1 @fide-6.1
    Scenario: Black's clock does not run while White has the move
      Given the initial position
      And the time control is 5 minutes for the game
      When Black's clock runs for 10 seconds
      Then that is refused under article 6.2.1
      And Black has 5 minutes left on the clock

  @fide-6.9
  Rule: A player whose time runs out loses, unless the opponent could never checkmate

    # FIDE 6.9, in our words: the player who has not completed the moves in
    # the time loses the game.
    @fide-6.9 @fide-6.1.1
    Scenario: White's five minutes run out while Black has a queen: Black wins on time
      Given White: Ke1 Pa2
      And Black: Ke8 Qd8
      And White to move
      And the time control is 5 minutes for the game
      When White's clock runs for 4 minutes 59 seconds
      Then the game goes on
      When White's clock runs for 1 second
      Then the game ends 0-1 on time

    # FIDE 6.9, in our words: it is a draw if the opponent cannot checkmate
    # by any series of legal moves.
    @fide-6.9
    Scenario: White's time runs out, but Black has only a king: a draw
      Given White: Ke1 Qd1
      And Black: Ke8
      And White to move
      And the time control is 5 minutes for the game
      When White's clock runs for 5 minutes
      Then the game ends 1/2-1/2 on time, with no mate possible

    # FIDE 6.2.1.1 and 5.1.1, in our words: a move that checkmates is
    # complete without the clock being pressed, so a flag that falls after it
    # comes too late.
    @fide-6.2.1.1
    Scenario: White mates with Qxf7 and runs out of time before pressing the clock: the mate stands
      Given the position after 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6
      And the time control is 5 minutes for the game
      When White moves the queen from h5 to f7
      And White removes the captured pawn from f7
      And White's clock runs for 5 minutes
      Then the game ends 1-0 by checkmate

  @fide-6.2.3
  Rule: The clock is pressed with the hand that made the move

    # FIDE 6.2.3, in our words: the player presses the clock with the same
    # hand that moved. Pressing with the other hand is not an illegal move:
    # the move stands, and any penalty is the arbiter's choice (12.9).
    @fide-6.2.3
    Scenario: White plays e4 with the right hand and presses the clock with the left: the move stands, no two minutes
      Given the initial position
      When White moves the pawn from e2 to e4
      And White presses the clock with the other hand
      Then the move e4 has been played
      And the answer notes article 6.2.3
      And the arbiter gives Black 0 extra minutes
      And Black is to move

  @fide-7.2
  Rule: A game begun from a wrong set-up is played again; a board placed the wrong way round is replaced

    # FIDE 7.2.1, in our words: if the pieces were not set up in the initial
    # position, the game is cancelled and a new game is played.
    @fide-7.2.1
    Scenario: The kings and queens were set up on each other's squares: after four moves the game is cancelled
      Given the position rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1
      When the game continues 1. e4 e5 2. Nf3 Nc6
      And Black points out that the initial position was incorrect
      Then the game is given up and a new game is played under article 7.2.1
      When White moves the bishop from f1 to c4
      Then that is refused under article 7.2.1

    # FIDE 7.2.1 and 2.3, in our words: a game begun from the initial
    # position has nothing to correct.
    @fide-7.2.1
    Scenario: A game begun from the right set-up: pointing out a wrong initial position is refused
      Given the position after 1. e4 e5 2. Nf3 Nc6
      When Black points out that the initial position was incorrect
      Then that is refused under article 7.2.1
      And the game goes on

    # FIDE 7.2.2, in our words: a board placed the wrong way round does not
    # stop the game; the position reached goes onto a correctly placed board.
    @fide-7.2.2
    Scenario: The board is found the wrong way round after 1. d4 d5: the position moves to a correct board and play goes on
      Given the position after 1. d4 d5
      When White points out that the board is placed the wrong way round
      Then the position is transferred to a correctly placed board
      And the game goes on
      And there is a white pawn on d4
      And White is to move

  @fide-7.3
  Rule: Colours reversed: a new game before ten moves each, the game goes on after

    # FIDE 7.3, in our words: a game started with the colours reversed is
    # stopped and played again with the right colours if fewer than ten moves
    # were made by each player.
    @fide-7.3
    Scenario: Colours found reversed after nine moves each: a new game with the right colours
      Given the position after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. O-O O-O 7. h3 h6 8. Re1 Re8 9. a4 a5
      When Black points out that the game started with the colours reversed
      Then the game is given up and a new game is played under article 7.3

    # FIDE 7.3, in our words: after ten moves or more the game goes on.
    @fide-7.3
    Scenario: Colours found reversed after ten moves each: the game goes on
      Given the position after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6 6. O-O O-O 7. h3 h6 8. Re1 Re8 9. a4 a5 10. Nbd2 Bd7
      When Black points out that the game started with the colours reversed
      Then the arbiter lets the game go on under article 7.3
      And the game goes on

  @fide-6.2.2
  Rule: A move is completed by the press, by the move ending the game, or by the player's next move

    # FIDE 6.2.2, in our words: a player may still press the clock after the
    # opponent has replied on the board; the time until the press is the
    # player's own.
    @fide-6.2.2
    Scenario: White plays e4 and forgets the clock; Black replies e5 at once; White presses ten seconds later, and those seconds are White's
      Given the initial position
      And the time control is 5 minutes for the game with 2 seconds added per move
      When White moves the pawn from e2 to e4
      And Black moves the pawn from e7 to e5
      And Black's clock runs for 10 seconds
      Then that is refused under article 6.2.1
      When White's clock runs for 10 seconds
      And White presses the clock
      Then the answer notes article 6.2.2
      And White has 4 minutes 52 seconds left on the clock
      When Black's clock runs for 5 seconds
      And Black presses the clock
      Then the move e5 has been played
      And Black has 4 minutes 57 seconds left on the clock
      And White is to move

    # FIDE 6.2.1.2, in our words: a move never pressed counts as completed
    # once the same player makes the next move, and so it can end a period
    # of the time control.
    @fide-6.2.1.2
    Scenario: White's 40th move is never pressed; Black replies and presses; White's 41st move completes the 40th, and the next 30 minutes come
      Given White: Ke1 Ra1
      And Black: Ke8 Pa7
      And White to move
      And it is move 40
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      When White's clock runs for 89 minutes
      And White moves the rook from a1 to a2
      And Black moves the king from e8 to d8
      And Black presses the clock
      And White's clock runs for 30 seconds
      Then White has 30 seconds left on the clock
      When White moves the rook from a2 to a3
      And White presses the clock
      Then the answer notes article 6.2.1.2
      And White has 30 minutes 30 seconds left on the clock

  @fide-6.4 @fide-6.8
  Rule: A flag counts as fallen when the arbiter sees it or a player validly claims it, and the moves of the period are checked

    # FIDE 6.4 and 6.3.1, in our words: once a flag falls, the arbiter checks
    # whether the player completed the moves the period required; a player
    # who did plays on with the next period's time.
    @fide-6.4
    Scenario: The flag of the first period falls after White completed 40 moves: the game goes on with the next period's time
      Given White: Ke1 Ra1
      And Black: Ke8 Pa7
      And White to move
      And it is move 40
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      When White's clock runs for 89 minutes
      And White moves the rook from a1 to a2
      And White presses the clock
      And Black moves the king from e8 to d8
      And Black presses the clock
      And the arbiter sees that White's flag has fallen
      Then the arbiter lets the game go on under article 6.4
      And White has 31 minutes left on the clock

    # FIDE 6.4 and 6.9, in our words: a player whose time runs out before the
    # moves of the period are completed loses.
    @fide-6.4 @fide-6.9
    Scenario: White's 90 minutes run out at move 39 of a 40-move period: Black wins on time
      Given White: Ke1 Ra1
      And Black: Ke8 Qa7
      And White to move
      And it is move 39
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      When White's clock runs for 90 minutes
      Then the game ends 0-1 on time

    # FIDE 6.8, in our words: a claim that a flag has fallen is valid only
    # when the player's time has run out; otherwise it changes nothing.
    @fide-6.8
    Scenario: Black claims White's flag has fallen while White's clock still shows ten seconds: the claim is refused and play goes on
      Given the initial position
      And the time control is 5 minutes for the game
      When White's clock runs for 4 minutes 50 seconds
      And Black claims that White's flag has fallen
      Then that is refused under article 6.8
      And the game goes on
      And White has 10 seconds left on the clock

  @fide-6.7
  Rule: A player who arrives after the default time loses; until both arrive, White's clock runs

    # FIDE 6.7.1, in our words: where the event names no default time it is
    # zero: a player who arrives after the start loses.
    @fide-6.7.1
    Scenario: No default time set; Black arrives a minute after White played e4: White wins
      Given the initial position
      And the time control is 90 minutes for the game
      And Black is not at the board
      When White moves the pawn from e2 to e4
      And White presses the clock
      And Black's clock runs for 1 minute
      And Black arrives at the board
      Then the game ends 1-0 as the player arrived after the default time

    # FIDE 6.7.1, in our words: within the default time a player arrives in
    # time, having lost only what ran on his clock.
    @fide-6.7.1
    Scenario: A default time of 15 minutes; Black arrives ten minutes after White played e4 and plays on with 80 minutes
      Given the initial position
      And the time control is 90 minutes for the game
      And the event's default time is 15 minutes
      And Black is not at the board
      When White moves the pawn from e2 to e4
      And White presses the clock
      And Black moves the pawn from e7 to e5
      Then that is refused under article 6.7
      When Black's clock runs for 10 minutes
      And Black arrives at the board
      Then the game goes on
      And Black has 80 minutes left on the clock

    # FIDE 6.7.2, in our words: with a default time other than zero, if
    # neither player is there at the start, White's clock runs until White
    # arrives, whoever comes first.
    @fide-6.7.2
    Scenario: Neither player is there at the start; Black comes after 10 minutes, White after 25: White has lost 25 minutes, Black nothing
      Given the initial position
      And the time control is 90 minutes for the game
      And the event's default time is 30 minutes
      And neither player is at the board
      When White's clock runs for 10 minutes
      And Black arrives at the board
      And White's clock runs for 15 minutes
      And White arrives at the board
      Then the game goes on
      And White has 65 minutes left on the clock
      And Black has 90 minutes left on the clock

  @fide-7.4
  Rule: Pieces knocked over are put back by the player who displaced them, on that player's time

    # FIDE 7.4.1, in our words: the player who displaced pieces puts them
    # back in his own time, so his clock runs meanwhile; no move is made
    # before they are back.
    @fide-7.4.1
    Scenario: While White thinks, Black knocks over the knight on g8: Black's clock runs until it is back, and White moves only then
      Given the initial position
      And the time control is 5 minutes for the game
      When Black knocks over the knight on g8
      And White moves the pawn from e2 to e4
      Then that is refused under article 7.4.1
      When White's clock runs for 5 seconds
      Then that is refused under article 6.2.1
      When Black's clock runs for 20 seconds
      And Black puts the knight from g8 back on g8
      And White's clock runs for 5 seconds
      Then White has 4 minutes 55 seconds left on the clock
      And Black has 4 minutes 40 seconds left on the clock
      When White moves the pawn from e2 to e4
      And White presses the clock
      Then the move e4 has been played

    # FIDE 7.4.2, in our words: if needed, either player pauses the clock and
    # asks the arbiter to help; the arbiter restarts it.
    @fide-7.4.2
    Scenario: Black knocks over several pieces; White, having the move, pauses the clock and calls the arbiter, who restarts it
      Given the initial position
      And the time control is 5 minutes for the game
      When Black knocks over the knight on g8
      And Black knocks over the rook on h8
      And White stops the clock
      Then the clock is paused
      When Black's clock runs for 20 seconds
      Then that is refused under article 6.11.3
      When Black puts the knight from g8 back on g8
      And Black puts the rook from h8 back on h8
      And White calls the arbiter
      Then the clock is running
      And Black has 5 minutes left on the clock

  @fide-7.6
  Rule: A piece found on a wrong square goes back where the game had it

    # FIDE 7.6, in our words: if a piece is found displaced from its square,
    # the position before the irregularity is put back and play continues
    # from it.
    @fide-7.6
    Scenario: Black puts a knocked-over knight back on h6 instead of g8; White points it out: the knight goes back to g8
      Given the position after 1. e4 e5
      When Black knocks over the knight on g8
      And Black puts the knight from g8 on h6
      And White points out that a piece stands on a wrong square
      Then the arbiter puts back the position before the irregularity
      And there is a black knight on g8
      And White is to move

    # FIDE 7.6, in our words: nothing is put back where nothing is displaced.
    @fide-7.6
    Scenario: Every piece stands where the game put it: pointing out a displaced piece is refused
      Given the position after 1. e4 e5
      When White points out that a piece stands on a wrong square
      Then that is refused under article 7.6
