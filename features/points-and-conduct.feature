Feature: Points and the conduct of the players
  What each player scores for a game, and a game lost for an electronic
  device. (FIDE Laws of Chess, Articles 10 and 11.)

  lawbook's over-the-board model ends the game and scores it; these are
  facts of lawbook's own model, not questions for other engines, which
  report these scenarios as unsupported. What an arbiter must weigh (an
  unreasonable claim, a player who will not follow the Laws, a penalty
  chosen from Article 12.9) is stated in the rulebook's article index as a
  matter for a person.

  @fide-10.1 @fide-10.2
  Rule: A win scores one point, a draw a half, a loss nothing; the two scores never add up to more than one

    # FIDE 10.1, in our words: the winner scores 1 and the loser 0.
    Scenario: After fool's mate Black scores 1 and White 0
      Given the initial position
      When the game continues 1. f3 e5 2. g4 Qh4#
      And White resigns
      Then that is refused under article 5.1.1
      And Black scores 1 and White 0

    # FIDE 10.1, in our words: each player scores a half for a draw.
    Scenario: A draw agreed after 1. e4 e5 2. Nf3 Nc6 scores a half point each
      Given the position after 1. e4 e5 2. Nf3
      When Black moves the knight from b8 to c6
      And Black offers a draw
      And Black presses the clock
      And White accepts the draw offer
      Then White scores 1/2 and Black 1/2

    # FIDE 10.1 and 6.9, in our words: a player whose flag falls scores a
    # half when the opponent could never checkmate, not nothing.
    Scenario: Black's flag falls against a lone king: each scores a half
      Given White: Ke1
      And Black: Ke8 Qd8
      And White to move
      When Black's flag falls
      Then White scores 1/2 and Black 1/2

  @fide-11.3.2.2 @fide-10.1
  Rule: A player found with an electronic device in the playing venue loses the game

    # FIDE 11.3.2.2, in our words: a player who evidently has an electronic
    # device on them in the playing venue loses, and the opponent wins;
    # unlike a fallen flag, it does not matter whether the opponent could
    # still checkmate. (An event's regulations may set a milder penalty.)
    Scenario: White, with a queen against a bare king, is found with a phone: Black wins the game
      Given White: Ke1 Qd1
      And Black: Ke8
      And White to move
      When White is found with an electronic device in the playing venue
      Then the game ends 0-1 for an electronic device in the playing venue
      And Black scores 1 and White 0
