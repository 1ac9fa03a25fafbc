Feature: Recording the moves
  Each player writes down both players' moves as the game goes; with little
  time left and little or no time added per move, a player may stop.
  (FIDE Laws of Chess, Article 8.)

  This is a rule of lawbook's own model, not a question for other engines,
  which report it as unsupported.

  @fide-8.1.1 @fide-8.4
  Rule: With less than five minutes left and under 30 seconds added per move, a player need not keep score

    # FIDE 8.1.1 and 8.4, in our words: a player must record the moves,
    # unless fewer than five minutes are left in the period and less than
    # thirty seconds are added with each move; then, for the rest of the
    # period, the player need not.
    Scenario Outline: A player with <left> left and <added> seconds added a move <duty> keep score
      Given the initial position
      Then a player with <left> left and <added> seconds added a move <duty> keep score

      Examples:
        | left  | added | duty      |
        | 90:00 | 30    | must      |
        | 5:00  | 0     | must      |
        | 4:59  | 0     | need not  |
        | 4:59  | 29    | need not  |
        | 4:59  | 30    | must      |
        | 0:30  | 30    | must      |
        | 0:10  | 10    | need not  |

  @fide-C.12
  Rule: A draw offer is written (=) on the scoresheet

    # FIDE Appendix C.12, in our words: the offer of a draw is written (=),
    # here after the move with which it was made.
    Scenario: White plays Nf3 and offers a draw before pressing the clock: the scoresheet reads 1. e4 e5 2. Nf3 (=)
      Given the position after 1. e4 e5
      When White moves the knight from g1 to f3
      And White offers a draw
      And White presses the clock
      And Black declines the draw offer
      Then the scoresheet reads "1. e4 e5 2. Nf3 (=)"

    # FIDE Appendix C.12, in our words: an offer made while the opponent
    # thinks follows the offering player's last move.
    Scenario: Black offers a draw while White thinks: the mark follows Black's move e5
      Given the position after 1. e4 e5
      When Black offers a draw
      And White moves the knight from g1 to f3
      And White presses the clock
      Then the scoresheet reads "1. e4 e5 (=) 2. Nf3"
