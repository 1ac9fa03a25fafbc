Feature: Cases from real bugs
  Each scenario here restates a position in which some chess library,
  engine or server once got the rules wrong, or in which a user reported a
  bug that the Laws show was no bug at all. The comment above each scenario
  names where it was reported and says, in our own words, what went wrong.
  The expectations come from the FIDE Laws of Chess, never from what any
  program answered.

  @fide-3.7.3.1
  Rule: En passant is an ordinary capture when it comes to check

    # seen in: bhlangonijr/chesslib pull request #15 (when the pawn that had just made a double step gave check, the library generated moves of other pieces as if any of them could remove that pawn; only the capture of the pawn, en passant included, or a king move answers the check)
    @seen-in @EP-02 @CHECK-02 @fide-3.9
    Scenario: A double step gives check and the pawn beside it answers by capturing en passant
      Given White: Ke4 Nb5 Pe5
      And Black: Kh8 Pd7
      And Black to move
      When Black plays d7-d5+
      Then exd6 is legal
      And Nd6 is illegal
      And the legal moves are Kd3, Kd4, Kxd5, Ke3, Kf3, Kf4, Kf5 and exd6
      And White is in check from d5
      When White plays exd6
      Then there is a white pawn on d6
      And d5 and e5 are empty
      And Black is not in check

    # seen in: niklasf/python-chess issue #70 (the capture took two pawns off the fifth rank and left the king open to the rook along it, yet it was offered)
    @seen-in @EP-08 @CHECK-06 @fide-3.9
    Scenario: En passant that would empty the rank between a rook and the king is illegal
      Given White: Kh5 Pd5
      And Black: Ke2 Ra5 Pe5
      And White to move
      And the last move was e7-e5
      Then dxe6 is illegal
      And the legal moves are d6, Kg4, Kg5, Kg6, Kh4 and Kh6

    # seen in: nkarve/surge issue #6 (the generator refused every move of a pinned pawn, though its en passant capture stays on the line of the pin)
    @seen-in @EP-02 @CHECK-06 @fide-3.9
    Scenario: A pinned pawn may capture en passant along the line of its pin
      Given White: Kg1 Ba2 Pb4
      And Black: Kg8 Pc4
      And Black to move
      And the last move was b2-b4
      Then c3 is illegal
      And cxb3 is legal
      And the legal moves are Kf7, Kf8, Kg7, Kh7, Kh8 and cxb3

    # seen in: official-stockfish/Stockfish issue #3270 (Stockfish 12 left out the en passant capture that puts the pawn between the king and the checking queen)
    # The queen's check along f1-b5 does not pass d2, so it was there before d2-d4: no game reaches this position.
    @seen-in @EP-02 @CHECK-02 @fide-3.9
    Scenario: En passant that blocks a check, in a position no game can reach because the check came before the double step
      Given the position 8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1, which no game can reach
      Then the legal moves are Ka4, Ka5, Kb4, Kb6, Kc6 and exd3
      And Black is in check from f1

    # seen in: brozeph/node-chess issue #53 (the en passant capture was listed as the pawn move "f6" instead of the capture exf6)
    @seen-in @EP-02 @NOTE-02
    Scenario: The en passant capture is written as a capture, and it empties the square of the captured pawn
      Given the position after 1. e4 d5 2. e5 f5
      Then exf6 is legal
      When White plays exf6
      Then there is a white pawn on f6
      And e5 and f5 are empty
      And the last move changed only e5, f5 and f6

  @fide-3.8.2
  Rule: Castling depends on the king's path and on rights that the board does not show

    # seen in: pychess/pychess issue #627 (a user reported 13...O-O-O as castling through attacked squares, and the maintainers answered that it is legal: b8 and the rook are attacked, the king's squares e8, d8 and c8 are not)
    @seen-in @CASTLE-13 @CASTLE-14 @fide-3.8.2.2
    Scenario: Black castles long though a bishop attacks b8 and another the rook on a8
      Given the position after 1. e4 c5 2. d4 cxd4 3. Qxd4 f5 4. e5 Nc6 5. Qe3 d6 6. Nf3 Nxe5 7. Nxe5 dxe5 8. Qxe5 Bd7 9. Bb5 a6 10. Bc4 b5 11. Bd5 Qb8 12. Bf4 Qxe5+ 13. Bxe5
      Then 0-0-0 is legal
      When Black plays 0-0-0
      Then there is a black king on c8
      And there is a black rook on d8
      And a8 and e8 are empty

    # seen in: thomasahle/sunfish issue #66 (a king in check from a pawn could still castle, because the pawn's attack on the king's own square was not looked at)
    @seen-in @CASTLE-10 @fide-3.8.2.2
    Scenario: A pawn on d7 checks the king on e8 - Black may not castle out of the check
      Given the position after 1. e4 d5 2. exd5 Nf6 3. d6 g6 4. Nf3 Bh6 5. Ng1 Bg7 6. d7+
      Then 0-0 is illegal
      And the legal moves are Bxd7, Nbxd7, Nfxd7, Qxd7, Kxd7 and Kf8
      And Black is in check from d7

    # seen in: lichess-org/lila issue #13786 (games set up from a position let a player castle long though the position gave only the short castling)
    @seen-in @CASTLE-08 @fide-3.8.2.1
    Scenario: Set up with only the short castling right, Black may not castle long though king and rooks stand at home
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8 Ra8 Rh8
      And Black to move
      And Black may still castle short
      Then 0-0-0 is illegal
      And 0-0 is legal
      And the king on e8 can move to d7, d8, e7, f7, f8 and g8

    # seen in: nvzqz/Sage issue #8 (capturing a rook on its corner did not take away the castling right, so any rook that later stood there could castle)
    @seen-in @CASTLE-05 @fide-3.8.2.1
    Scenario: The rook on h8 is captured and another black rook recaptures there - Black may not castle short
      Given White: Kc1 Ba1
      And Black: Ke8 Rh8 Rh2
      And White to move
      And Black may still castle short
      When the game continues 1. Bxh8 Rxh8 2. Kb1
      Then there is a black rook on h8
      And 0-0 is illegal
      And the king on e8 can move to d7, d8, e7, f7 and f8

    # seen in: Disservin/chess-library issue #160 (castling that gives check was written without its check sign)
    @seen-in @CASTLE-01 @NOTE-01 @fide-3.9.1
    Scenario: Short castling that gives check with the rook
      Given White: Ke1 Rh1
      And Black: Kf8
      And White to move
      And White may still castle short
      When White plays 0-0+
      Then the legal moves are Ke7, Ke8, Kg7 and Kg8
      And Black is in check from f1

  @fide-C.10
  Rule: A piece that cannot legally go to a square does not make a move there ambiguous

    # seen in: jhlywa/chess.js issue #75 (a user expected Nge2 because both knights attack e2; the knight on c3 is pinned, so only one knight can go there and Ne2 is enough)
    @seen-in @NOTE-02 @CHECK-06 @fide-3.9
    Scenario: The knight on c3 is pinned by the bishop on b4, so Ne2 names one move
      Given the board
        | 8 | r | n | . | . | k | . | . | r |
        | 7 | p | p | p | q | . | p | p | p |
        | 6 | . | . | . | . | . | p | . | . |
        | 5 | . | . | . | p | . | . | . | . |
        | 4 | . | b | . | P | . | . | . | . |
        | 3 | . | . | N | Q | P | . | . | . |
        | 2 | P | P | P | . | . | P | P | P |
        | 1 | R | . | . | . | K | . | N | R |
      And White to move
      And White may still castle both ways
      And Black may still castle both ways
      Then the knight on c3 cannot move
      And Ne2 is legal
      And Nce2 is illegal

    # seen in: bhlangonijr/chesslib issue #38 (the library wrote Nge2 where the other knight was pinned and Ne2 was the right notation)
    @seen-in @NOTE-02 @CHECK-06 @fide-3.9
    Scenario: With the other knight pinned, only the knight on g1 can go to e2
      Given White: Ke1 Nc3 Ng1
      And Black: Ke8 Bb4
      And White to move
      Then Ne2 is legal
      And Nce2 is illegal
      And the knight on g1 can move to e2, f3 and h3
      And the knight on c3 cannot move

    # seen in: rudzen/ChessLib issue #65 (the rook on e5 pins a black bishop but is not pinned itself; the library wrote Re1 without saying which rook)
    @seen-in @NOTE-02
    Scenario: Both rooks can go to e1, so Re1 alone is ambiguous
      Given White: Kg1 Ra1 Re5 Bf4 Pa4 Pb2 Pc2 Pd4 Pf2 Pg2 Ph3
      And Black: Ke8 Ra7 Rh8 Be7 Pa6 Pb4 Pc6 Pd5 Pf7 Pg7 Ph7
      And White to move
      And Black may still castle short
      And it is move 37
      Then Re1 is ambiguous
      And Rae1 is legal
      And Ree1 is legal

  @fide-3.7.3.5
  Rule: The promoted piece acts at once

    # seen in: marianogappa/ostinato issue #8 (a capture that promotes and gives check was written without the pawn's file)
    @seen-in @PROMO-02 @fide-3.7.3.3
    Scenario: A pawn captures on the last rank, becomes a queen and gives check
      Given White: Ke1 Pf7
      And Black: Kh7 Ng8
      And White to move
      When White plays fxg8=Q+
      Then the legal moves are Kh6 and Kxg8
      And Black is in check from g8
      And there is a white queen on g8
      And f7 is empty

  @fide-9.3
  Rule: Fifty moves are a hundred half-moves, and a mate on the last of them still wins

    # seen in: PGG106/Alexandria issue #213 (the engine scored the position as a draw by the fifty-move rule though Qh8 mates on the hundredth half-move; the same fix was made in Lynx, pull request #453)
    @seen-in @MATE-01 @DRAW-03 @fide-5.1.1 @fide-9.3.1
    Scenario: With the clock at 99, White may claim the draw, but if White mates instead, the mate stands
      Given White: Kh3 Qe8 Bd5 Pa2 Pb5 Pe3 Pf2 Pg3 Ph4
      And Black: Kh6 Qe2 Bc5 Pa3 Pb6 Pf5 Pg6 Ph5
      And White to move
      And it is move 88
      And the half-move clock is 99
      Then a draw can be claimed under the fifty-move rule
      When White plays Qh8#
      Then Black is checkmated
      And White wins by checkmate

    # seen in: notnil/chess issue #16 (the library drew the game after fifty half-moves instead of fifty moves by each player)
    @seen-in @DRAW-03
    Scenario: Fifty half-moves without a capture or pawn move are only half the count
      Given White: Kd2
      And Black: Ke4 Rf1 Pg2
      And White to move
      And it is move 119
      And the half-move clock is 50
      Then a draw cannot be claimed under the fifty-move rule
      And the game is not over

  @fide-9.2.3
  Rule: A position repeats only with the same rights to castle and to capture en passant

    # seen in: brighamskarda/chess issue #2 (the library counted 4...d5 as a new position because a pawn stood beside it, though that pawn is pinned to its king and cannot capture en passant)
    @seen-in @DRAW-05 @DRAW-04 @fide-9.2.3
    Scenario: A double step beside a pinned pawn gives no en passant right, so the position repeats three times
      Given the initial position
      When the game continues 1. e4 c5 2. e5 Qb6 3. Nf3 Qe6 4. Ng1 d5
      Then exd6 is illegal
      When the game continues 5. Nf3 Nc6 6. Ng1 Nb8 7. Nf3 Nc6 8. Ng1 Nb8
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition

    # seen in: CorentinGS/chess pull request #98 (positions were compared with the en passant square as written, so a double step that no pawn could capture made a position look new)
    @seen-in @DRAW-05 @DRAW-04 @fide-9.2.3
    Scenario: After 1. f4 no black pawn can capture en passant, so the position after it comes back three times
      Given the initial position
      When the game continues 1. f4 Nf6 2. Nf3 Ng8 3. Ng1
      Then the position has occurred twice
      When the game continues 3... Nf6 4. Nf3 Ng8 5. Ng1
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition

    # seen in: cutechess/cutechess issue #644 (a user asked whether the GUI counted castling rights, after the Karpov-Miles game of 1986; the placement before a right to castle is lost is another position than the same placement after)
    @seen-in @DRAW-05 @CASTLE-05 @fide-9.2.3
    Scenario: The rook goes away and comes back - the placement recurs three times, the position only twice
      Given White: Kg1 Nb1
      And Black: Ke8 Ra8
      And White to move
      And Black may still castle long
      Then the position has occurred once
      When the game continues 1. Nc3 Ra7 2. Nb1 Ra8 3. Nc3 Ra7 4. Nb1 Ra8
      Then the position has occurred twice
      And a draw cannot be claimed by threefold repetition
      And 0-0-0 is illegal

  @fide-9.2
  Rule: A repetition is claimed by the player to move, at the moment it comes

    # seen in: niklasf/python-chess issue #907 (a user thought the draw was offered one move too early; the player to move may claim by announcing the move that repeats the position)
    @seen-in @DRAW-04 @fide-9.2.1
    Scenario: Black may claim by announcing Ng8, which brings the initial position for the third time
      Given the initial position
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1
      Then the position has occurred twice
      And a draw can be claimed by threefold repetition
      And the game is not over

    # seen in: jhlywa/chess.js issue #144 (once a position had occurred three times, the library kept saying a draw could be claimed after both sides had moved on)
    @seen-in @DRAW-04 @fide-9.2.2
    Scenario: After the players move on to new positions, the old repetition can no longer be claimed
      Given the initial position
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
      Then a draw can be claimed by threefold repetition
      When the game continues 5. e4 e5
      Then a draw cannot be claimed by threefold repetition
      And the game is not over

  @fide-5.2.2
  Rule: The game is dead only when no series of legal moves can end in mate

    # seen in: niklasf/python-chess issue #634 (king and bishop against king and bishop with both bishops on light squares was not found to be a draw)
    @seen-in @DRAW-01 @DRAW-02 @fide-5.2.2
    Scenario: Bishops of the same colour on both sides cannot mate
      Given White: Kf8 Bb5
      And Black: Ka3 Bg2
      And White to move
      Then the position is dead
      And White cannot checkmate with the material left
      And Black cannot checkmate with the material left

    # seen in: niklasf/chessops issue #152 (a user expected a draw with one bishop each; with bishops on opposite colours a mate can still come)
    @seen-in @DRAW-02 @MATE-01 @fide-5.2.2
    Scenario: Bishops of opposite colours - a mate can still be reached, so the game goes on
      Given White: Kh6 Bc5
      And Black: Kh8 Bd5
      And Black to move
      Then the position is not dead
      And the game is not over
      When the game continues 1... Bg8 2. Bd4#
      Then Black is checkmated
      And White wins by checkmate

    # seen in: bhlangonijr/chesslib issue #42 (a king with two bishops on light squares against a bare king was not found to be a draw)
    @seen-in @DRAW-01 @DRAW-02 @fide-5.2.2
    Scenario: Two bishops on squares of one colour cannot mate a bare king
      Given White: Ke1 Ba8 Bf1
      And Black: Ke8
      And White to move
      Then the position is dead
      And White cannot checkmate with the material left

    # seen in: jhlywa/chess.js issue #66 (a user asked for king and two knights against king to count as a draw; a mate is possible, though it cannot be forced)
    @seen-in @DRAW-02 @fide-5.2.2
    Scenario: Two knights cannot force mate, but a mate can still arise, so the position is not dead
      Given White: Ke1 Nb1 Ng1
      And Black: Ke8
      And White to move
      Then the position is not dead
      And the game is not over
      And White can checkmate with the material left

    # seen in: lichess-org/scalachess issue #202 (a user expected knight against bishop to be drawn at once; a mate is still possible)
    @seen-in @DRAW-02 @fide-5.2.2
    Scenario: Knight against bishop is not dead
      Given White: Ke1 Nb1
      And Black: Ke8 Bc8
      And White to move
      Then the position is not dead
      And the game is not over
      And White can checkmate with the material left
      And Black can checkmate with the material left

    # seen in: lichess-org/lila issue #5273 (a player whose flag fell against a lone bishop expected a draw; since his own bishop could help a mate, the loss stood)
    @seen-in @DRAW-01 @fide-6.9
    Scenario: A king and bishop can mate a king and bishop of the other colour, which matters when the other flag falls
      Given White: Kd1 Bd3
      And Black: Ke8 Bc5
      And White to move
      Then Black can checkmate with the material left
      And White can checkmate with the material left
      And the position is not dead
