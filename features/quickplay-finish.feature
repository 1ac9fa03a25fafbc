Feature: Games without increment: the quickplay finish
  What the Guidelines of the FIDE Laws of Chess (2023) for games without
  increment say (Guidelines III): when both flags have fallen, the request
  for an increment, and the draw claim of a player with less than two
  minutes left. They hold only where the event announced them, and never in
  blitz or in a game with an increment. Whether the opponent "cannot win by
  normal means" or "makes no effort to win" is the arbiter's judgement: the
  model says so and decides nothing. Each scenario says in plain words,
  above it, what the guideline says. lawbook's model of the board, the
  clock and the arbiter answers them, so other engines report them as
  unsupported.

  @fide-III.3.1
  Rule: Both flags fallen, which first unknown: a draw in the last period, play on in an earlier one

    # FIDE III.3.1.2, in our words: in the period in which all the remaining
    # moves must be made, the game is drawn.
    @fide-III.3.1.2 @fide-III.1
    Scenario: Both flags have fallen in a game of 90 minutes for all the moves: a draw
      Given the position after 1. e4 e5 2. Nf3 Nc6
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White points out that both flags have fallen
      Then the game ends 1/2-1/2 declared by the arbiter under article III.3.1.2

    # FIDE III.3.1.1, in our words: in any other period the game goes on.
    @fide-III.3.1.1
    Scenario: Both flags have fallen before move 40 of a 40-move period: the game goes on
      Given the position after 1. e4 e5 2. Nf3 Nc6
      And the time control is 40 moves in 90 minutes, then 30 minutes for the rest of the game
      And the Guidelines for games without increment were announced for the event
      When White points out that both flags have fallen
      Then the arbiter lets the game go on under article III.3.1.1
      And the game goes on

    # FIDE III.2.1, in our words: the Guidelines hold only where the event
    # announced them beforehand.
    @fide-III.2.1
    Scenario: Without the Guidelines announced, the model does not rule on both flags
      Given the position after 1. e4 e5 2. Nf3 Nc6
      And the time control is 90 minutes for the game
      When White points out that both flags have fallen
      Then that is refused under article III.2.1
      And the game goes on

  @fide-III.4
  Rule: With less than two minutes left a player may ask for an increment of five seconds: a draw offer

    # FIDE III.4, in our words: the request is an offer of a draw; if the
    # opponent refuses it, the clocks add five seconds a move for both
    # players and the opponent gets two extra minutes.
    @fide-III.4
    Scenario: White, with 1 minute 30 seconds left, asks for an increment; Black refuses: five seconds a move, and two minutes for Black
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 88 minutes 30 seconds
      And White asks for an increment of five seconds for both players
      And Black declines the draw offer
      Then the clocks add 5 seconds a move for both players
      And the arbiter gives Black 2 extra minutes
      And Black has 92 minutes left on the clock
      And White has 1 minute 30 seconds left on the clock
      And the game goes on

    # FIDE III.4, in our words: accepted, the request is a draw.
    @fide-III.4
    Scenario: Black accepts White's request as a draw offer: the game is drawn
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 88 minutes 30 seconds
      And White asks for an increment of five seconds for both players
      And Black accepts the draw offer
      Then the game ends 1/2-1/2 by agreement

    # FIDE III.4, in our words: only a player with less than two minutes
    # left may ask.
    @fide-III.4
    Scenario: With 3 minutes left White may not ask for the increment
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 87 minutes
      And White asks for an increment of five seconds for both players
      Then that is refused under article III.4

    # FIDE III.2.2, in our words: the Guidelines are not for blitz.
    @fide-III.2.2
    Scenario: In a blitz game of 5 minutes the request is refused
      Given the position after 1. e4 e5
      And the time control is 5 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 4 minutes
      And White asks for an increment of five seconds for both players
      Then that is refused under article III.2.2

    # FIDE III.2.2, in our words: nor for a game that already has an increment.
    @fide-III.2.2
    Scenario: In a game with 30 seconds a move the request is refused
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game with 30 seconds added per move
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 89 minutes
      And White asks for an increment of five seconds for both players
      Then that is refused under article III.2.2

  @fide-III.5
  Rule: With less than two minutes left a player may claim a draw, and the arbiter judges it

    # FIDE III.5 and III.5.1, in our words: the player stops the clock and
    # calls the arbiter, who judges whether the opponent cannot win by
    # normal means, or is making no effort to: that is a person's
    # judgement, which the model leaves to the arbiter.
    @fide-III.5 @fide-III.5.1
    Scenario: White, with 1 minute left, claims a draw: the clock is paused and the arbiter must judge
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 89 minutes
      And White claims a draw with less than two minutes left
      Then the arbiter must judge under article III.5.1
      And the clock is paused
      And the game goes on

    # FIDE III.5, in our words: only with less than two minutes left.
    @fide-III.5
    Scenario: With 2 minutes 30 seconds left the claim is refused
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When White's clock runs for 87 minutes 30 seconds
      And White claims a draw with less than two minutes left
      Then that is refused under article III.5
      And the clock is running

    # FIDE III.5 and 1.3, in our words: the claim belongs to the player having the move.
    @fide-III.5
    Scenario: Black may not claim while White has the move
      Given the position after 1. e4 e5
      And the time control is 90 minutes for the game
      And the Guidelines for games without increment were announced for the event
      When Black claims a draw with less than two minutes left
      Then that is refused under article 1.2
