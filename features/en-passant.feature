Feature: En passant
  A pawn that makes its double step from its starting square may not slip
  past an enemy pawn standing beside the square it lands on. On the very next
  move that enemy pawn may capture it as if it had moved only one square: it
  goes diagonally to the square the pawn passed, and the pawn that made the
  double step is taken off the board. The chance lasts one move only.
  (FIDE Laws of Chess, articles 3.7.2 and 3.7.3.)

  @fide-3.7.2
  Rule: From its starting square a pawn may go one or two squares; the double step passes the square between

    # sv (000): "Vit spelar c2-c4. Bonden passerar c3 och hamnar bredvid svarts bonde på d4."
    @EP-01 @NOTE-02 @fide-C.8
    Scenario: Figure 8 - the pawn on c2 may go one or two squares; White plays c2-c4
      Given the board
        | 8 | . | . | . | . | . | . | . | k |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | p | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | P | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And White to move
      Then the pawn on c2 can move to c3 and c4
      And the legal moves are as pinned
      When White plays c2-c4
      Then there is a white pawn on c4
      And c2 and c3 are empty
      And there is a black pawn on d4
      And Black is to move

    # sv (000): "Vit spelar c2-c4. Bonden passerar c3 och hamnar bredvid svarts bonde på d4."
    @EP-01
    Scenario: A piece on the square in between stops both steps
      Given White: Kg1 Pc2
      And Black: Kh8 Nc3
      And White to move
      Then the pawn on c2 cannot move
      And c2-c4 is illegal
      And the legal moves are as pinned

    # sv (000): "Vit spelar c2-c4. Bonden passerar c3 och hamnar bredvid svarts bonde på d4."
    @EP-01
    Scenario: A piece on the landing square stops only the double step
      Given White: Kg1 Pc2
      And Black: Kh8 Bc4
      And White to move
      Then the pawn on c2 can move to c3
      And c2-c4 is illegal
      And the legal moves are as pinned

    # sv (000): "Vit spelar c2-c4. Bonden passerar c3 och hamnar bredvid svarts bonde på d4."
    @EP-01
    Scenario: A pawn that has left its starting square has no double step - c3-c5 is illegal
      Given White: Kg1 Pc3
      And Black: Kh8 Pd4
      And White to move
      Then the pawn on c3 can move to c4 and d4
      And c3-c5 is illegal
      And the legal moves are as pinned

  @fide-3.7.3.1
  Rule: The pawn beside it may capture diagonally onto the passed square, and the pawn that made the double step leaves the board

    # sv (000): "Bonden på d4 går snett till c3, och den vita bonden på c4 tas bort från brädet."
    # pl (002): "masz prawo od razu wejść pionem na ukos na pole, które tamten minął, i go zbić"
    # sv (004): "kan den tas (endast vid motståndarens nästa drag) av en fiendebonde som om den bara hade flyttat en ruta"
    @EP-02 @EP-04
    Scenario: Figure 9 - Black captures en passant on c3 and the white pawn on c4 leaves the board
      Given the board
        | 8 | . | . | . | . | . | . | . | k |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | p | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | P | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And White to move
      When White plays c2-c4
      Then d4xc3 is legal
      And the pawn on d4 can move to c3 and d3
      And the legal moves are as pinned
      When Black plays d4xc3
      Then there is a black pawn on c3
      And c4 and d4 are empty
      And White is to move

    # de (001): "Nach d7–d5 darf der weiße Bauer e5 mit exd6 schlagen und den Bauern d5 entfernen."
    @EP-02 @EP-04 @NOTE-02 @fide-C.9.3
    Scenario: German example - after d7-d5 the white pawn on e5 captures exd6 and the pawn on d5 is removed
      Given White: Ke1 Pe5
      And Black: Ke8 Pd7
      And Black to move
      When Black plays d7-d5
      Then exd6 is legal
      And the legal moves are as pinned
      When White plays exd6
      Then there is a white pawn on d6
      And d5, d7 and e5 are empty
      And Black is to move

    # sv (000): "Bonden på d4 går snett till c3, och den vita bonden på c4 tas bort från brädet."
    @EP-02 @EP-04
    Scenario: A double step between two enemy pawns may be captured by either of them
      Given White: Kg1 Pc5 Pe5
      And Black: Kh8 Pd7
      And Black to move
      When Black plays d7-d5
      Then cxd6 is legal
      And exd6 is legal
      And the legal moves are as pinned
      When White plays cxd6
      Then there is a white pawn on d6
      And there is a white pawn on e5
      And c5 and d5 are empty

    # sv (000): "Bonden på d4 går snett till c3, och den vita bonden på c4 tas bort från brädet."
    @EP-02
    Scenario: A diagram noted "last move g7-g5" - the pawn on f5 may capture fxg6
      Given White: Kg1 Pf5
      And Black: Kh8 Pg5
      And White to move
      And the last move was g7-g5
      Then fxg6 is legal
      And the pawn on f5 can move to f6 and g6
      And the legal moves are as pinned
      When White plays fxg6
      Then there is a white pawn on g6
      And f5 and g5 are empty

  @fide-3.7.3.1
  Rule: White captures en passant from the fifth rank, Black from the fourth rank

    # sv (000): "Svart slår en passant med en bonde på fjärde raden, som här. Vit gör det med en bonde på femte raden."
    @EP-04
    Scenario Outline: After d7-d5 the white pawn on <pawn> can move to <targets>
      Given White: Kb1 P<pawn>
      And Black: Kh8 Pd7
      And Black to move
      When Black plays d7-d5
      Then the pawn on <pawn> can move to <targets>
      And exd6 is <en passant>
      And the legal moves are as pinned

      Examples:
        | pawn | targets   | en passant |
        | e5   | d6 and e6 | legal      |
        | e4   | d5 and e5 | illegal    |
        | e6   | e7        | illegal    |

    # sv (000): "Svart slår en passant med en bonde på fjärde raden, som här. Vit gör det med en bonde på femte raden."
    @EP-04
    Scenario Outline: After c2-c4 the black pawn on <pawn> can move to <targets>
      Given White: Kh1 Pc2
      And Black: Ka8 P<pawn>
      And White to move
      When White plays c2-c4
      Then the pawn on <pawn> can move to <targets>
      And dxc3 is <en passant>
      And the legal moves are as pinned

      Examples:
        | pawn | targets   | en passant |
        | d4   | c3 and d3 | legal      |
        | d5   | c4 and d4 | illegal    |
        | d3   | d2        | illegal    |

  @fide-3.7.3.1
  Rule: Only pawns capture and are captured en passant

    # sv (000): "Bara bönder kan slå och bli slagna en passant."
    @EP-05
    Scenario Outline: A black <piece> on d4 that goes to c3 does not capture the pawn on c4
      Given White: Kh1 Pc2
      And Black: <black>
      And White to move
      When White plays c2-c4
      Then the legal moves are as pinned
      When Black plays <move>
      Then there is a black <piece> on c3
      And there is a white pawn on c4
      And d4 is empty

      Examples:
        | piece  | black   | move |
        | bishop | Ka8 Bd4 | Bc3  |
        | queen  | Ka8 Qd4 | Qc3  |
        | king   | Kd4     | Kc3  |

    # sv (000): "Bara bönder kan slå och bli slagna en passant."
    @EP-05
    Scenario Outline: A white <piece> that moves c2-c4 beside the pawn on d4 cannot be captured en passant
      Given White: Kh1 <white>
      And Black: Ka8 Pd4
      And White to move
      When White plays <move>
      Then the pawn on d4 can move to d3
      And dxc3 is illegal
      And the legal moves are as pinned

      Examples:
        | piece | white | move   |
        | rook  | Rc2   | Rc2-c4 |
        | queen | Qc2   | Qc2-c4 |

  @fide-3.7.3.1
  Rule: Only a double step gives the right, never a single step

    # sv (000): "Gäller en passant om bonden bara gick ett steg?"
    # sv (000): "Regeln gäller inte heller om motståndarens bonde bara gick ett steg."
    @EP-07 @faq
    Scenario: FAQ - a pawn that went one square, d6-d5, cannot be captured en passant
      Given White: Kg1 Pe5
      And Black: Kh8 Pd6
      And Black to move
      When Black plays d6-d5
      Then exd6 is illegal
      And the pawn on e5 can move to e6
      And the legal moves are as pinned

    # sv (000): "Gäller en passant om bonden bara gick ett steg?"
    @EP-07
    Scenario: A pawn that reached d5 in two single steps cannot be captured en passant
      Given White: Kg1 Pe5 Ph2
      And Black: Kh8 Pd7
      And Black to move
      When the game continues 1... d6 2. h3 d5
      Then exd6 is illegal
      And the pawn on e5 can move to e6
      And the legal moves are as pinned

  @fide-3.7.3.2
  Rule: The capture is possible only on the move directly after the double step

    # sv (000): "En passant gäller bara i draget direkt efter dubbelsteget."
    # sv (000): "Vit spelar Kg1-g2 i stället för att slå, och svart svarar Kh8-h7. Nu är b5xa6 inte längre tillåtet"
    @EP-03 @NOTE-02 @fide-C.9.3
    Scenario: Figure 10 - after a7-a5, Kg1-g2 and Kh8-h7 it is too late for b5xa6
      Given the board
        | 8 | . | . | . | . | . | . | . | k |
        | 7 | p | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | P | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And Black to move
      When Black plays a7-a5
      Then b5xa6 is legal
      When White plays Kg1-g2
      And Black plays Kh8-h7
      Then White is to move
      And there is a white pawn on b5
      And there is a black pawn on a5
      And the legal moves are as pinned
      When White tries b5xa6
      Then the move is rejected
      And White is still to move
      And the board is unchanged
      And there is a white pawn on b5
      And there is a black pawn on a5

    # de (001): "Zieht Weiß stattdessen den König, verfällt die Gelegenheit."
    # pl (002): "To prawo trwa tylko jeden ruch."
    @EP-03
    Scenario: German example - White moves the king instead of exd6 and the chance is gone
      Given White: Ke1 Pe5
      And Black: Ke8 Pd7
      And Black to move
      When Black plays d7-d5
      Then exd6 is legal
      When White plays Kf2
      And Black plays Kd7
      Then there is a black pawn on d5
      And there is a white pawn on e5
      And exd6 is illegal
      And the legal moves are as pinned

    # sv (000): "Kan jag slå en passant några drag senare?"
    @EP-03 @EP-09 @faq
    Scenario: FAQ - three moves after c2-c4 Black may no longer capture d4xc3
      Given White: Kg1 Pc2
      And Black: Kh8 Pd4
      And White to move
      When the game continues 1. c4 Kg8 2. Kf2 Kh8 3. Kg1
      Then there is a white pawn on c4
      And there is a black pawn on d4
      And the legal moves are as pinned
      When Black tries d4xc3
      Then the move is rejected
      And Black is still to move
      And the board is unchanged
      And there is a white pawn on c4
      And c3 is empty

    # de (001): "Kann ich en passant oder die Umwandlung verschieben?"
    @EP-09 @faq
    Scenario: FAQ - the capture cannot be postponed: White plays h2-h3 first and exd6 is gone
      Given White: Ke1 Pe5 Ph2
      And Black: Ke8 Pd7
      And Black to move
      When Black plays d7-d5
      Then exd6 is legal
      When White plays h3
      And Black plays Kd7
      Then exd6 is illegal
      And the legal moves are as pinned

    # sv (000): "En passant gäller bara i draget direkt efter dubbelsteget."
    @EP-03
    Scenario: A new double step brings a new chance, only against the new pawn
      Given White: Kg1 Pb5
      And Black: Kh8 Pa7 Pc7
      And Black to move
      When Black plays a7-a5
      And White plays Kg2
      And Black plays c7-c5
      Then bxc6 is legal
      But bxa6 is illegal
      And the legal moves are as pinned

  Rule: The capture is optional

    # sv (000): "Slaget är frivilligt. Du kan alltid välja ett annat drag."
    @EP-06
    Scenario: Black answers e2-e4 with a king move and leaves the pawn on e4 alone
      Given White: Kg1 Pe2
      And Black: Kh8 Pf4
      And White to move
      When White plays e2-e4
      Then f4xe3 is legal
      And the legal moves are as pinned
      When Black plays Kg7
      Then there is a white pawn on e4
      And there is a black pawn on f4
      And White is to move

    # sv (000): "Slaget är frivilligt. Du kan alltid välja ett annat drag."
    @EP-06
    Scenario: Black may push the pawn on d4 instead of capturing
      Given White: Kg1 Pc2
      And Black: Kh8 Pd4
      And White to move
      When White plays c2-c4
      Then the pawn on d4 can move to c3 and d3
      And the legal moves are as pinned
      When Black plays d4-d3
      Then there is a black pawn on d3
      And there is a white pawn on c4
      And c3 is empty

  @fide-3.7.3.1 @fide-3.10
  Rule: An en passant capture may not leave the own king in check

    # sv (000): "Om svart slog d4xe3 en passant skulle både d4 och e4 tömmas, och tornet skulle ge schack längs fjärde raden."
    # sv (000): "Ett en passant-slag får inte lämna din egen kung i schack, precis som vilket drag som helst."
    # sv (000): "Bönderna står kvar på d4 och e4, och svart är fortfarande vid draget."
    @EP-08 @CHECK-06 @LEGAL-01 @fide-3.9
    Scenario: Figure 11 - d4xe3 would empty d4 and e4 and let the rook on h4 check the king on a4
      Given the board
        | 8 | . | . | . | . | . | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | k | . | . | p | . | . | . | R |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | P | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And White to move
      When White plays e2-e4
      Then Black is not in check
      And the legal moves are as pinned
      When Black tries d4xe3
      Then the move is rejected
      And Black is still to move
      And the board is unchanged
      And there is a black pawn on d4
      And there is a white pawn on e4
      And e3 is empty

    # de (001): "nur bei sicherem eigenen König"
    @EP-08
    Scenario: Only with the own king safe - the pawn on e5 is pinned on the e-file, so exd6 is not allowed
      Given White: Ke1 Pe5
      And Black: Kg8 Re8 Pd7
      And Black to move
      When Black plays d7-d5
      Then exd6 is illegal
      But e5-e6 is legal
      And the legal moves are as pinned

    # sv (000): "Ett en passant-slag får inte lämna din egen kung i schack, precis som vilket drag som helst."
    @EP-08
    Scenario: A pawn pinned on a diagonal may capture en passant along that diagonal
      Given White: Kh2 Pe5
      And Black: Kh8 Bb8 Pd7
      And Black to move
      When Black plays d7-d5
      Then exd6 is legal
      But e5-e6 is illegal
      And the legal moves are as pinned
      When White plays exd6
      Then there is a white pawn on d6
      And d5 and e5 are empty

    # sv (004): "kan den tas (endast vid motståndarens nästa drag) av en fiendebonde som om den bara hade flyttat en ruta"
    # FIDE 3.7.3.1 and 3.9, in plain words: the pawn that just made its double step may be taken en passant even when it gives check; taking it ends the check.
    @EP-02 @CHECK-06 @fide-3.7.3.1
    Scenario: Black's double step d7-d5 gives check, and White's pawn on e5 takes it en passant
      Given White: Ke4 Pe5
      And Black: Ke8 Pd5
      And White to move
      And the last move was d7-d5
      Then White is in check from d5
      And exd6 is legal

    # sv (000): "Ett en passant-slag får inte lämna din egen kung i schack, precis som vilket drag som helst."
    # FIDE 3.9, in plain words: White's double step d2-d4 uncovered the bishop on c1, which now gives check along c1-g5; taking the pawn en passant does not close that line, so it is illegal.
    @EP-08 @CHECK-06 @fide-3.9
    Scenario: White's double step d2-d4 uncovers a check from the bishop on c1 - exd3 en passant does not answer it
      Given White: Ke1 Bc1 Pd4
      And Black: Kg5 Pe4
      And Black to move
      And the last move was d2-d4
      Then Black is in check from c1
      And exd3 is illegal

