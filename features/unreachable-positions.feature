@unreachable @fide-3.10.3
Feature: Positions no game can reach
  Some positions can be written down but can never come about in a game: a
  right to castle with a rook that is not there, an en passant capture of a
  pawn that never made a double step, a pawn standing on the last rank, the
  side that just moved still in check. A program may refuse such a
  position, and then it is not asked anything more about it. A program that
  takes the position must still keep every law that applies to it: it may
  not castle without the rook, capture en passant what did not just pass, or
  capture a king. Each scenario names the article that makes the position
  impossible and the articles whose demands still hold. A program that
  crashes or hangs on such a position is an error, never a pass.
  (FIDE Laws of Chess, articles 1.4.1, 2.3, 3.7, 3.8 and 9.3.)

  @fide-3.8.2 @fide-3.8.2.1
  Rule: Castling needs the king and a rook of the same colour, both on their original squares

    # FIDE 3.8.2.1, in plain words: the right to castle is gone once the king or that rook has moved; a rook that is not there cannot castle.
    # sv (000): "Kungen går två rutor mot ett torn, och tornet hoppar över kungen till rutan bredvid."
    # sv (000): "Det hjälper inte att ställa tillbaka dem på utgångsrutorna."
    @CASTLE-01 @CASTLE-05
    Scenario: A right to castle short, but no rook on h1 - 0-0 is illegal
      Given the position 4k3/7p/8/8/8/8/8/4K3 w K - 0 1, which no game can reach
      Then 0-0 is illegal
      And the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2

    # FIDE 3.8.2, in plain words: castling is a move of the king and a rook of the same colour; FIDE 3.8.2.2: no castling while the king is in check.
    # sv (000): "Kungen går två rutor mot ett torn, och tornet hoppar över kungen till rutan bredvid."
    # sv (000): "Du får inte rockera medan kungen står i schack."
    @CASTLE-01 @CASTLE-10 @fide-3.8.2.2
    Scenario: A right to castle short, but the rook on h1 is Black's and gives check - 0-0 is illegal
      Given the position 4k3/8/8/8/8/8/8/4K2r w K - 0 1, which no game can reach
      Then White is in check
      And 0-0 is illegal
      And the legal moves are Kd2, Ke2 and Kf2

    # FIDE 3.8.2.1, in plain words: a king that has left its original square has lost both rights to castle.
    # sv (000): "Det hjälper inte att ställa tillbaka dem på utgångsrutorna."
    # de (001): "Zurückziehen stellt das Recht nicht wieder her"
    @CASTLE-05
    Scenario: A right to castle short, but the king stands on e2 - there is no castling, only the king's ordinary moves
      Given the position 4k3/8/8/8/8/8/4K3/7R w K - 0 1, which no game can reach
      Then 0-0 is illegal
      And the king on e2 can move to d1, d2, d3, e1, e3, f1, f2 and f3
      And White has 22 legal moves

    # FIDE 3.8.2 and the Chess960 rules of Guidelines II, in plain words: a king castles with at most one rook on each side of it, so a second castling right on one side names a rook no castling could ever use.
    # sv (000): "Kungen går två rutor mot ett torn, och tornet hoppar över kungen till rutan bredvid."
    @CASTLE-01 @fide-II.2.1
    Scenario: Castling rights for both rooks on the king's right (g1 and h1, written HG) - the rook on h1 still moves as a rook
      Given the position 4k3/8/8/8/8/8/8/4K1RR w HG - 0 1, which no game can reach
      Then the rook on h1 can move to h2, h3, h4, h5, h6, h7 and h8

    # FIDE 3.8.2 and the Chess960 rules of Guidelines II, in plain words: the same on the king's left.
    # sv (000): "Kungen går två rutor mot ett torn, och tornet hoppar över kungen till rutan bredvid."
    @CASTLE-01 @fide-II.2.1
    Scenario: Castling rights for both rooks on the king's left (a1 and b1, written BA) - the rook on a1 still moves as a rook
      Given the position 4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1, which no game can reach
      Then the rook on a1 can move to a2, a3, a4, a5, a6, a7 and a8

  @fide-3.7.3.1
  Rule: En passant captures only a pawn that has just made its double step

    # FIDE 3.7.3.1, in plain words: a pawn may capture en passant only an enemy pawn that has just advanced two squares from its starting square.
    # sv (000): "Bara bönder kan slå och bli slagna en passant."
    # sv (000): "Regeln gäller inte heller om motståndarens bonde bara gick ett steg."
    @EP-05 @EP-07
    Scenario: An en passant square on e6, but no black pawn on e5 - dxe6 is illegal
      Given the position 4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1, which no game can reach
      Then dxe6 is illegal
      And the legal moves are d6, Kd1, Kd2, Ke2, Kf1 and Kf2

    # FIDE 3.7.3.1, in plain words: a pawn may capture en passant only an enemy pawn that has just advanced two squares from its starting square.
    # sv (000): "Regeln gäller inte heller om motståndarens bonde bara gick ett steg."
    @EP-07
    Scenario: An en passant square on e6 beside the pawn on e5, but a knight stands on e7, where that pawn would have come from - dxe6 is illegal
      Given the position 4k3/4n3/8/3Pp3/8/8/8/4K3 w - e6 0 1, which no game can reach
      Then dxe6 is illegal
      And the legal moves are d6, Kd1, Kd2, Ke2, Kf1 and Kf2

    # FIDE 3.7.3.1, in plain words: White captures en passant with a pawn on its fifth rank, landing on the sixth; Black with a pawn on its fourth rank, landing on the third.
    # sv (000): "Svart slår en passant med en bonde på fjärde raden, som här. Vit gör det med en bonde på femte raden."
    @EP-04
    Scenario: An en passant square on d3 with White to move - the pawn on e2 may not capture there
      Given the position 4k3/8/8/8/8/8/4P3/4K3 w - d3 0 1, which no game can reach
      Then exd3 is illegal
      And the legal moves are e3, e4, Kd1, Kd2, Kf1 and Kf2

    # FIDE 3.7.3.1, in our words: en passant takes only a pawn that has just
    # made its double step. FIDE 3.9.2 and 3.10.3: no move may leave or put
    # its own king in check, so in any position a game reaches, the side that
    # is not to move is not in check. Here the pawn on d5 cannot have just
    # come from d7: before that move it was Black's turn, and the pawn on d7
    # would have been checking the white king on e6. The pawn came to d5
    # some other way, and en passant is not open to White.
    @EP-02 @EP-07 @fide-3.9.2 @fide-3.10.3
    Scenario: An en passant square on d6, but the pawn on d5 cannot have just come from d7, where it would have given check to the white king on e6 on Black's move - cxd6 is illegal
      Given the position 8/8/4K3/2Pp4/8/8/8/k7 w - d6 0 2, which no game can reach
      Then cxd6 is illegal
      And White is not in check
      And the legal moves are c6, Kxd5, Kd6, Kd7, Ke5, Ke7, Kf5, Kf6 and Kf7

    # seen in: niklasf/shakmaty issue #54 (a user took the missing en passant capture in this position for a bug of the library; the maintainer answered that the capture would open the queen's diagonal to the king, and that the position cannot arise at all, since the double step would have been made with the king already in check through d5)
    # FIDE 3.7.3.1, 3.9.2 and 3.10.3, in our words: with d5 still empty
    # before the double step, the queen on a8 would have been checking the
    # white king on h1 while Black was to move. Whatever the history, the
    # capture on d6 would also empty d5 and open that diagonal to the king.
    @seen-in @EP-08 @EP-07 @fide-3.9.2 @fide-3.10.3
    Scenario: An en passant square on d6, but with d5 empty the queen on a8 would have been checking the white king on h1 on Black's move - exd6 is illegal
      Given the position q6k/8/8/3pP3/8/8/8/7K w - d6 0 1, which no game can reach
      Then exd6 is illegal
      And the legal moves are e6, Kg1, Kg2 and Kh2

  @fide-1.4.1
  Rule: The king is never captured, even when the side that just moved left it attacked

    # FIDE 1.4.1, in plain words: leaving or placing one's own king under attack, and capturing the opponent's king, are not allowed; so the side not to move is never in check.
    # pl (002): "Króla nie zdejmujesz z szachownicy: partia kończy się w chwili mata."
    @CHECK-07 @fide-3.9.2
    Scenario: Black's king stands in check from the rook on e2 with White to move - Rxe8 is illegal
      Given the position 4k3/8/8/8/8/8/4R3/4K3 w - - 0 1, which no game can reach
      Then Rxe8 is illegal

    # FIDE 3.8.1 and 3.9.2, in plain words: the king moves to an adjoining square, and no move may leave it attacked, so two kings never stand side by side; FIDE 1.4.1: a king is never captured.
    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    # pl (002): "Króla nie zdejmujesz z szachownicy: partia kończy się w chwili mata."
    @KING-02 @CHECK-07 @fide-3.8.1 @fide-3.9.1 @fide-3.9.2
    Scenario: The two kings stand side by side on e1 and d2 - White may not take the king, only step away from it
      Given the position 8/7p/8/8/8/8/3k4/4K3 w - - 0 1, which no game can reach
      Then Kxd2 is illegal
      And the legal moves are Kf1 and Kf2
      And White is in check

    # FIDE 3.9, in plain words: a move gives check with the piece that moved, or uncovers a line piece's check, or both; two pieces that are no line pieces (here a knight and a pawn) can never give check at once.
    # pl (002): "Gdy dwie bierki dają szach jednocześnie, bicie albo zastawienie zdejmuje tylko jedną linię. Zostaje odejście królem."
    @CHECK-04 @fide-3.9
    Scenario: A double check from a knight and a pawn, which no single move can give - the king must still step out of both
      Given the position 4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1, which no game can reach
      Then Black is in double check
      And Black is in check from d7 and f6
      And Kxd7 is illegal

  @fide-3.7.1 @fide-3.7.3.3
  Rule: A pawn only moves forward, and is exchanged for another piece as soon as it reaches the last rank

    # FIDE 3.7.3.3, in plain words: a pawn that reaches the rank furthest from its start is exchanged, in the same move, for a queen, rook, bishop or knight; FIDE 3.7.1: a pawn moves only forward.
    # de (001): "Auf der letzten Reihe wird der Bauer im selben Zug durch Dame, Turm, Läufer oder Springer seiner Farbe ersetzt."
    # sv (004): "En bonde kan bara flytta sig framåt"
    @PROMO-01 @PAWN-01
    Scenario: A white pawn stands on e8, the last rank - it cannot move at all
      Given the position k3P3/7p/8/8/8/8/8/4K3 w - - 0 1, which no game can reach
      Then the pawn on e8 cannot move
      And the legal moves are Kd1, Kd2, Ke2, Kf1 and Kf2

    # FIDE 3.7.3.3, in plain words: a pawn that reaches the rank furthest from its start is exchanged, in the same move, for a queen, rook, bishop or knight; FIDE 3.7.1: a pawn moves only forward.
    # pl (002): "Nie zostaje pionem i nie staje się królem."
    # pl (002): "Pion idzie prosto do przodu"
    @PROMO-01 @PAWN-01
    Scenario: A black pawn stands on e1, Black's last rank - it cannot move at all
      Given the position 4k3/8/8/8/8/8/7P/K3p3 b - - 0 1, which no game can reach
      Then the pawn on e1 cannot move
      And the legal moves are Kd7, Kd8, Ke7, Kf7 and Kf8

  @fide-2.3 @fide-3.7.1 @fide-3.7.2
  Rule: Each side starts with eight pawns and never gets more, but pawns move by the same rules however many there are

    # FIDE 2.3 and 3.7.3.3, in plain words: each side starts with eight pawns, and a promoted pawn becomes a queen, rook, bishop or knight, never a pawn, so no side ever has nine.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    # sv (004): "en bonde som ännu inte har flyttat sig i spelet kan flytta sig två rutor framåt, eller bara en"
    @BOARD-03 @PAWN-04 @fide-3.7.3.3
    Scenario: White has nine pawns - each moves as a pawn does, and the pawn on e2 is blocked
      Given the position 4k3/8/8/8/8/4P3/PPPPPPPP/4K3 w - - 0 1, which no game can reach
      Then White has 9 pawns
      And the pawn on e2 cannot move
      And the pawn on e3 can move to e4
      And the pawn on a2 can move to a3 and a4
      And White has 17 legal moves

  @fide-2.3 @fide-3.7.3.3
  Rule: A piece beyond the initial set costs a pawn, since only a promotion makes one

    # FIDE 2.3 and 3.7.3.3, in plain words: each side starts with one queen, two rooks, two knights and two bishops (one on light squares, one on dark), and eight pawns; a further piece comes only from a promotion, which takes a pawn off the board. With all eight pawns still there, no side can have a second queen, a third rook or knight, or two bishops on squares of one colour.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    @BOARD-03 @fide-3.7.3.3
    Scenario: Two white queens and all eight white pawns - the queens still move as queens
      Given the position 4k3/8/8/8/3Q4/8/PPPPPPPP/3QK3 w - - 0 1, which no game can reach
      Then White has 2 queens
      And White has 8 pawns
      And White has 40 legal moves

    # FIDE 2.3 and 3.7.3.3, in plain words: a third rook beside eight pawns is a promotion that took no pawn.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    @BOARD-03 @fide-3.7.3.3
    Scenario: Three white rooks and all eight white pawns
      Given the position 4k3/8/8/8/3R4/8/PPPPPPPP/R3K2R w - - 0 1, which no game can reach
      Then White has 3 rooks
      And White has 34 legal moves

    # FIDE 2.3 and 3.7.3.3, in plain words: a third knight beside eight pawns is a promotion that took no pawn.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    @BOARD-03 @fide-3.7.3.3
    Scenario: Three white knights and all eight white pawns
      Given the position 4k3/8/8/8/3N4/8/PPPPPPPP/1N2K1N1 w - - 0 1, which no game can reach
      Then White has 3 knights
      And White has 27 legal moves

    # FIDE 2.3 and 3.7.3.3, in plain words: the two bishops of the initial set stand on squares of different colours (c1 dark, f1 light); a second bishop on light squares is a promotion that took no pawn.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    @BOARD-03 @fide-3.7.3.3
    Scenario: Two white bishops on light squares (f1 and d3) and all eight white pawns
      Given the position 4k3/8/8/8/8/3B4/PPPPPPPP/2B1KB2 w - - 0 1, which no game can reach
      Then White has 3 bishops
      And White has 22 legal moves

    # FIDE 2.3 and 3.7.3.3, in plain words: a second bishop on dark squares is a promotion that took no pawn.
    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    @BOARD-03 @fide-3.7.3.3
    Scenario: Two white bishops on dark squares (c1 and e3) and all eight white pawns
      Given the position 4k3/8/8/8/8/4B3/PPPPPPPP/2B1KB2 w - - 0 1, which no game can reach
      Then White has 3 bishops
      And White has 22 legal moves

  @fide-9.3 @fide-9.6.2
  Rule: The fifty-move rule counts moves that were really made

    # FIDE 9.3.2, in plain words: a draw may be claimed when each player has made fifty moves without a pawn move or a capture; FIDE 9.6.2: after seventy-five such moves each, the game is drawn.
    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03
    Scenario: Move 3 with a half-move clock of 60 - more half-moves than the game has had, and still no draw
      Given the position 4k3/8/8/8/8/8/8/R3K3 w - - 60 3, which no game can reach
      Then a draw cannot be claimed under the fifty-move rule
      And the game is not over
      And White has 15 legal moves
