Feature: In competition: what the FIDE Laws add at the board
  The teaching pages stop at the rules of play. A game in a tournament is
  also decided by what happens at the board and the clock: an illegal move
  that is completed, a draw offer, a claim, a resignation, a fallen flag,
  and a game that has already ended by itself. These scenarios follow the
  FIDE Laws of Chess (2023); each says in plain words, above it, what the
  article says. lawbook's model of the board, the clock and the arbiter
  answers them, so other engines report them as unsupported.

  @fide-7.5
  Rule: A completed illegal move is taken back, and the opponent gets two minutes; the second one loses

    # FIDE 7.5.1 and 7.5.5, in our words: once the clock is pressed after an
    # illegal move, the position before it is put back, and the opponent is
    # given two extra minutes.
    @fide-7.5.1 @fide-7.5.5
    Scenario: A rook moved diagonally and the clock pressed: the rook goes back and Black gets two minutes
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the move is illegal under article 7.5.1
      And there is a white rook on a1
      And b2 is empty
      And the arbiter gives Black 2 extra minutes
      And White is to move
      And the game goes on

    # FIDE 7.5.5, in our words: the second completed illegal move of the
    # same player loses the game.
    @fide-7.5.5
    Scenario: A second completed illegal move by White loses the game
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Pe7
      And White to move
      When White moves the rook from a1 to b2
      And White presses the clock
      Then the move is illegal under article 7.5.1
      When White moves the king from e1 to e3
      And White presses the clock
      Then the game ends 0-1 by a second illegal move

    # FIDE 7.5.5, in our words: the second illegal move does not lose when the
    # opponent cannot checkmate by any series of legal moves; it is a draw.
    @fide-7.5.5
    Scenario: A second illegal move is a draw when the opponent, with a bare king, could never checkmate
      Given White: Ke1 Ra1
      And Black: Ke8
      And White to move
      When White moves the rook from a1 to b2
      And White presses the clock
      And White moves the rook from a1 to b2
      And White presses the clock
      Then the game ends 1/2-1/2 by a second illegal move, with no mate possible

    # FIDE 7.5.3, in our words: pressing the clock without making a move is
    # treated as an illegal move.
    @fide-7.5.3
    Scenario: Pressing the clock without making a move counts as an illegal move
      Given the initial position
      When White presses the clock
      Then the move is illegal under article 7.5.3
      And the arbiter gives Black 2 extra minutes
      And White is to move

  @fide-9.1.2
  Rule: A draw is offered between making the move and pressing the clock, and stands until it is accepted or rejected

    # pl (002): "W partii w pokoju remis też proponujesz."
    # pl (002): "obie strony godzą się na remis"
    # FIDE 9.1.2.1, in our words: the offer stands until the opponent accepts
    # it, rejects it orally, or touches a piece to move or capture it.
    @DRAW-06 @fide-9.1.2.1
    Scenario: After 1. e4 e5 White plays Nf3, offers a draw, presses the clock, and Black accepts: the game is drawn
      Given the position after 1. e4 e5
      When White moves the knight from g1 to f3
      And White offers a draw
      And White presses the clock
      And Black accepts the draw offer
      Then the game ends 1/2-1/2 by agreement

    # FIDE 5.2.3, in our words: a draw is agreed only once both players have
    # made at least one move. The offer stands; Black may still answer it
    # after moving (9.1.2.1), if touching a piece has not rejected it.
    @DRAW-06 @fide-5.2.3
    Scenario: White plays e4 and offers a draw at once: Black cannot accept before making a move
      Given the initial position
      When White moves the pawn from e2 to e4
      And White offers a draw
      And White presses the clock
      And Black accepts the draw offer
      Then that is refused under article 5.2.3
      And the game goes on

    # FIDE 9.1.2.1, in our words: touching a piece with the intention of
    # moving it rejects the offer.
    @DRAW-06 @fide-9.1.2.1
    Scenario: Black touches a piece instead of answering: the offer is rejected and can no longer be accepted
      Given the initial position
      When White moves the pawn from e2 to e4
      And White offers a draw
      And White presses the clock
      And Black touches the pawn on e7
      And Black accepts the draw offer
      Then that is refused under article 9.1.2.1
      And the game goes on
      And Black must move the pawn on e7

    # FIDE 9.1.2.1, in our words: an offer rejected orally is gone.
    @DRAW-06 @fide-9.1.2.1
    Scenario: Black declines the offer: the game goes on, and the offer cannot be accepted afterwards
      Given the initial position
      When White moves the pawn from e2 to e4
      And White offers a draw
      And White presses the clock
      And Black declines the draw offer
      Then the game goes on
      When Black accepts the draw offer
      Then that is refused under article 9.1.2.1

  @fide-9.2 @fide-9.3 @fide-9.5
  Rule: A correct claim draws the game; an incorrect one costs two minutes and the game goes on

    # FIDE 9.2.2 and 9.5.2, in our words: the player to move may claim a draw
    # when the same position has just appeared for the third time; a correct
    # claim ends the game as a draw.
    @DRAW-04 @fide-9.2.2 @fide-9.5.2
    Scenario: The knights went out and back twice: White claims the third occurrence of the initial position
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
      When White claims a draw by threefold repetition
      Then the arbiter upholds the claim
      And the game ends 1/2-1/2 by a threefold repetition claim

    # FIDE 9.2.1, in our words: the claim may also be made by writing down,
    # not yet playing, the move that makes the third occurrence.
    @DRAW-04 @fide-9.2.1 @fide-9.5.2
    Scenario: Black claims by announcing Ng8, the move that brings the third occurrence
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1
      When Black claims a draw by threefold repetition, announcing Ng8
      Then the arbiter upholds the claim
      And the game ends 1/2-1/2 by a threefold repetition claim

    # FIDE 9.5.3, in our words: an incorrect claim gives the opponent two
    # extra minutes, and the game goes on.
    @DRAW-04 @fide-9.5.3
    Scenario: White claims after the initial position has occurred only twice: the claim is rejected
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8
      When White claims a draw by threefold repetition
      Then the arbiter rejects the claim
      And the arbiter gives Black 2 extra minutes
      And the game goes on
      And White is to move

    # FIDE 9.5.3, in our words: after an incorrect claim with an announced
    # move, that move must be played.
    @DRAW-04 @fide-9.5.3
    Scenario: An incorrect claim announcing Ng1: the claim is rejected and White must play Ng1
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6
      When White claims a draw by threefold repetition, announcing Ng1
      Then the arbiter rejects the claim
      And the arbiter gives Black 2 extra minutes
      And White must play Ng1

    # FIDE 9.3.2, in our words: the draw may be claimed when each player has
    # made fifty moves without moving a pawn and without capturing.
    @DRAW-03 @fide-9.3.2 @fide-9.5.2
    Scenario: After fifty moves each without a capture or a pawn move, White claims the draw
      Given White: Kg6 Ra1
      And Black: Kh8
      And White to move
      And the half-move clock is 100
      When White claims a draw under the fifty-move rule
      Then the arbiter upholds the claim
      And the game ends 1/2-1/2 by a fifty-move claim

    # FIDE 9.3.1, in our words: the claim may be made by announcing the move
    # that completes the fifty moves.
    @DRAW-03 @fide-9.3.1 @fide-9.5.2
    Scenario: On the hundredth half-move White claims by announcing Ra2, which completes the fifty moves
      Given White: Kg6 Ra1
      And Black: Kh8
      And White to move
      And the half-move clock is 99
      When White claims a draw under the fifty-move rule, announcing Ra2
      Then the arbiter upholds the claim
      And the game ends 1/2-1/2 by a fifty-move claim

    # FIDE 9.3.2 and 9.5.3, in our words: one half-move short of fifty moves
    # each is not enough; the incorrect claim gives the opponent two minutes.
    @DRAW-03 @fide-9.3.2 @fide-9.5.3
    Scenario: A fifty-move claim one half-move too early is rejected
      Given White: Kg6 Ra1
      And Black: Kh8
      And White to move
      And the half-move clock is 99
      When White claims a draw under the fifty-move rule
      Then the arbiter rejects the claim
      And the arbiter gives Black 2 extra minutes
      And the game goes on

  @fide-5.1.2 @fide-6.9
  Rule: A player who resigns or whose flag falls loses, unless the opponent could never checkmate

    # FIDE 5.1.2, in our words: the player who says he resigns loses the game
    # (unless the opponent could never checkmate: see the next scenario).
    @fide-5.1.2
    Scenario: White resigns in the initial position: Black wins
      Given the initial position
      When White resigns
      Then the game ends 0-1 by resignation

    # FIDE 5.1.2, in our words (since 2023): a resignation is a draw when the
    # opponent cannot checkmate by any series of legal moves.
    @fide-5.1.2
    Scenario: White, a queen up, resigns against a bare king: Black could never checkmate, so it is a draw
      Given White: Ke1 Qd1
      And Black: Ke8
      And White to move
      When White resigns
      Then the game ends 1/2-1/2 by resignation, with no mate possible

    # FIDE 5.1.2, in our words: the opponent's help counts. With a knight
    # each, White's knight could mate a king hemmed in by Black's own knight.
    @fide-5.1.2
    Scenario: Black resigns with a knight each: White could mate with Black's help, so White wins
      Given White: Ke1 Nb1
      And Black: Ke8 Nb8
      And Black to move
      When Black resigns
      Then the game ends 1-0 by resignation

    # FIDE 5.1.1 and 5.1.2, in our words: checkmate ends the game at once, so
    # a resignation after it changes nothing.
    @MATE-01 @fide-5.1.1 @fide-5.1.2
    Scenario: After fool's mate a resignation by Black is refused: the game has already ended by checkmate
      Given the position after 1. f3 e5 2. g4 Qh4#
      When Black resigns
      Then that is refused under article 5.1.1
      And the game ends 0-1 by checkmate

    # FIDE 6.9, in our words: the player whose flag falls loses the game.
    @fide-6.9
    Scenario: Black's flag falls while White has a queen: White wins on time
      Given White: Ke1 Qd1
      And Black: Ke8 Pa7
      And White to move
      When Black's flag falls
      Then the game ends 1-0 on time

    # FIDE 6.9, in our words: the game is drawn when the opponent cannot
    # checkmate by any possible series of legal moves.
    @fide-6.9
    Scenario: Black's flag falls, but White has only a king and could never checkmate: a draw
      Given White: Ke1
      And Black: Ke8 Qd8
      And White to move
      When Black's flag falls
      Then the game ends 1/2-1/2 on time, with no mate possible

    # FIDE 6.9, in our words: any series of legal moves counts, the
    # opponent's help included: a lone knight can mate a king that has a
    # knight to block it.
    @fide-6.9
    Scenario: Black's flag falls with a knight each: White's knight could mate with Black's help, so White wins
      Given White: Ke1 Nb1
      And Black: Ke8 Nb8
      And White to move
      When Black's flag falls
      Then the game ends 1-0 on time

    # FIDE 6.9, in our words: only the opponent's mates count. That the
    # player whose flag fell could still mate does not save the game for
    # him, and does not make it the opponent's.
    @fide-6.9
    Scenario: Black's flag falls; Black could mate with Bb2, but White's shut-in king, bishop and pawns can never mate: a draw
      Given White: Ka1 Bb1 Pa2 Pc2
      And Black: Ke6 Bc1 Pa3 Pc3
      And Black to move
      When Black's flag falls
      Then the game ends 1/2-1/2 on time, with no mate possible

    # FIDE 6.9 and 5.1.1, in our words: a flag that falls after the mate is
    # too late: the mate ended the game.
    @MATE-01 @fide-6.9 @fide-5.1.1
    Scenario: After fool's mate White's flag falls: the game has already ended by checkmate
      Given the position after 1. f3 e5 2. g4 Qh4#
      When White's flag falls
      Then that is refused under article 5.1.1
      And the game ends 0-1 by checkmate

  @fide-9.6 @fide-5.2.1 @fide-5.2.2
  Rule: A game that has ended by itself takes no more moves

    # FIDE 9.6.1, in our words: the game is drawn when the same position has
    # appeared five times; no move is made after that.
    @DRAW-04 @fide-9.6.1
    Scenario: After the fifth occurrence of the initial position White may not play e4
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8
      Then the game is drawn by fivefold repetition
      When White moves the pawn from e2 to e4
      Then that is refused under article 9.6.1
      And there is a white pawn on e2

    # FIDE 9.6.2, in our words: seventy-five moves each without a capture or
    # a pawn move end the game as a draw, unless the last move mates.
    @DRAW-03 @fide-9.6.2
    Scenario: After Ra2 completes the seventy-five moves, Black may not move the king
      Given White: Kg6 Ra1
      And Black: Kh8
      And White to move
      And the half-move clock is 149
      When White plays Ra2
      Then the game is drawn by the seventy-five-move rule
      When Black moves the king from h8 to g8
      Then that is refused under article 9.6.2
      And there is a black king on h8

    # FIDE 5.2.2, in our words: a position from which no series of legal
    # moves can lead to checkmate ends the game at once.
    @DRAW-01 @fide-5.2.2
    Scenario: Bxd2 leaves king and bishop against king: the game is over, and Black's king may not move
      Given White: Ke1 Bc1
      And Black: Ke8 Nd2
      And White to move
      When White plays Bxd2
      Then the game is drawn by insufficient material
      When Black moves the king from e8 to e7
      Then that is refused under article 5.2.2

    # FIDE 5.2.1, in our words: stalemate ends the game at once.
    @STALE-01 @fide-5.2.1
    Scenario: After the stalemating Qg6 Black's king may not move, not even to an attacked square
      Given White: Kf7 Qg1
      And Black: Kh8
      And White to move
      When White plays Qg6
      Then the game is drawn by stalemate
      When Black moves the king from h8 to h7
      Then that is refused under article 5.2.1

  @fide-3.8.2
  Rule: Castling is with a rook on the king's own rank: no "vertical" castling with a promoted rook

    # FIDE 3.8.2, in our words: castling is a move of the king and a rook of
    # the same colour along the player's first rank.
    @CASTLE-01 @fide-3.8.2
    Scenario: A rook promoted on e8 does not castle with the king on e1 along the e-file
      Given White: Ke1 Re8
      And Black: Ka6
      And White to move
      Then Ke1-e3 is illegal
      And the king on e1 can move to d1, d2, e2, f1 and f2

  @fide-4.2 @fide-4.3
  Rule: j'adoube and touch-move

    # FIDE 4.2.1, in our words: only the player having the move may adjust
    # pieces, after saying so first.
    @fide-4.2.1 @fide-6.2.5
    Scenario: White adjusts the knight on g1 after saying "j'adoube": no duty to move it
      Given the initial position
      When White says "j'adoube" and adjusts the knight on g1
      Then White may make any legal move

    # FIDE 4.2.1 and 6.2.5, in our words: only the player having the move,
    # whose clock is running, may adjust.
    @fide-4.2.1 @fide-6.2.5
    Scenario: Black may not adjust a piece while White is to move
      Given the initial position
      When Black says "j'adoube" and adjusts the knight on g8
      Then that is refused under article 4.2.1

  @fide-9.1.1
  Rule: The event's regulations may forbid draw agreements before a number of moves

    # FIDE 9.1.1, in our words: an event's regulations may say that players
    # cannot agree to a draw before a given number of moves without the
    # arbiter's consent.
    Scenario: Under a thirty-move rule, an agreement after 1. e4 e5 2. Nf3 is refused and the game goes on
      Given the position after 1. e4 e5
      And the event's regulations allow no draw agreement before 30 moves by each player
      When White moves the knight from g1 to f3
      And White offers a draw
      And White presses the clock
      And Black accepts the draw offer
      Then that is refused under article 9.1.1
      And the game goes on

    # FIDE 9.1.1, in our words: once each player has made that many moves,
    # the players may agree.
    Scenario: Under a thirty-move rule, a game set up at move 31 may be drawn by agreement
      Given White: Ke1 Ra1 Pa2
      And Black: Ke8 Ra8 Pa7
      And White to move
      And it is move 31
      And the event's regulations allow no draw agreement before 30 moves by each player
      When White moves the pawn from a2 to a3
      And White offers a draw
      And White presses the clock
      And Black accepts the draw offer
      Then the game ends 1/2-1/2 by agreement

  @fide-9.1.2.3
  Rule: A draw claim is also an offer of a draw

    # FIDE 9.1.2.3, in our words: a claim under 9.2 or 9.3 counts as a draw
    # offer, so the opponent may accept it even when the claim is wrong.
    Scenario: White's repetition claim is rejected, but Black accepts it as a draw offer
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8
      When White claims a draw by threefold repetition
      Then the arbiter rejects the claim
      When Black accepts the draw offer
      Then the game ends 1/2-1/2 by agreement

  @fide-9.4
  Rule: A player who has touched a piece may not claim a draw on that move

    # FIDE 9.4, in our words: touching a piece with intent (4.3) loses the
    # right to claim a draw by repetition or the fifty-move rule on this move.
    Scenario: The initial position has come back a third time, but White touched the knight on g1 first: no claim
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
      When White touches the knight on g1
      And White claims a draw by threefold repetition
      Then that is refused under article 9.4
      And the game goes on
      And White must move the knight on g1

  @fide-9.5.1
  Rule: A draw claim cannot be taken back

    # FIDE 9.5.1 and 9.5.3, in our words: a claim may not be withdrawn; after
    # an incorrect claim the announced move must still be made.
    Scenario: White's claim announcing Ng1 is rejected; White may not withdraw it and must play Ng1
      Given the position after 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6
      When White claims a draw by threefold repetition, announcing Ng1
      Then the arbiter rejects the claim
      When White withdraws the claim
      Then that is refused under article 9.5.1
      And White must play Ng1
