Feature: Check and legal moves
  A king is in check when an enemy piece attacks its square. The player in
  check must end the check at once, in one of three ways: move the king to a
  safe square, capture the checking piece, or put a piece in between. No move
  may leave or put a player's own king in check, so a pinned piece may not
  leave the line between its king and the attacker. Only legal moves are
  accepted. (FIDE Laws of Chess, articles 3.9 and 3.10.)

  @fide-3.9 @fide-3.10 @fide-3.1.2
  Rule: A king attacked by an enemy piece is in check, and only moves that end the check are legal

    # pl (002): "W szachu legalne są tylko ruchy, które zdejmują groźbę"
    # pl (002): "Szach jest wtedy, gdy bierka przeciwnika atakuje pole króla."
    @CHECK-01
    Scenario Outline: A black <piece> on <square> checks the white king on e4
      Given White: Ke4 Pa2
      And Black: Ka8 <checker>
      And White to move
      Then White is in check from <square>
      And a2-a3 is illegal
      And the legal moves are as pinned

      Examples:
        | piece  | square | checker |
        | rook   | e8     | Re8     |
        | queen  | b7     | Qb7     |
        | bishop | h7     | Bh7     |
        | knight | f6     | Nf6     |
        | pawn   | d5     | Pd5     |

    # pl (002): "W szachu legalne są tylko ruchy, które zdejmują groźbę"
    # pl (002): "Strona przy ruchu zdejmuje tę groźbę od razu."
    @CHECK-01
    Scenario: In check from the rook on e8, White has exactly the five moves that end the check
      Given White: Ke1 Nb1 Bc1 Pa2
      And Black: Ka8 Re8
      And White to move
      Then White is in check from e8
      And the legal moves are Kd1, Kd2, Kf1, Kf2 and Be3
      And a3 is illegal
      And Nc3 is illegal
      And Ke2 is illegal
      And the legal moves are as pinned

    # pl (002): "W szachu legalne są tylko ruchy, które zdejmują groźbę"
    @CHECK-01
    Scenario: The same position with the rook on d8 - no check, and every piece may move
      Given White: Ke1 Nb1 Bc1 Pa2
      And Black: Ka8 Rd8
      And White to move
      Then White is not in check
      And a3 is legal
      And Nc3 is legal
      And Ke2 is legal
      And Kd2 is illegal
      And the legal moves are as pinned

    # pl (002): "W szachu legalne są tylko ruchy, które zdejmują groźbę"
    @CHECK-01 @fide-3.9.1
    Scenario: A rook pinned to its own king still gives check
      Given White: Ke1 Qh5
      And Black: Ka5 Re5
      And White to move
      Then White is in check from e5
      And Ke2 is illegal
      And the legal moves are Kd1, Kd2, Kf1, Kf2, Qxe5+ and Qe2
      And the legal moves are as pinned

  @fide-3.9
  Rule: There are three ways out of check - move the king, capture the checking piece, or block the line

    # pl (002): "Masz trzy sposoby"
    # pl (002): "Odejście królem: na sąsiednie pole, którego przeciwnik nie atakuje."
    # pl (002): "Zbicie bierki dającej szach: po biciu pole króla musi być bezpieczne."
    # pl (002): "Zastawienie linii ataku: tylko przeciw dalekiemu atakowi wieży, gońca albo hetmana."
    @CHECK-02
    Scenario: All three ways in one position - step aside, capture the rook, or put a piece between
      Given White: Ke1 Nc3 Bb5 Pa2 Ph2
      And Black: Kh8 Re8
      And White to move
      Then White is in check from e8
      And the legal moves are Kd1, Kd2, Kf1, Kf2, Ne2, Ne4, Be2 and Bxe8
      And the legal moves are as pinned

    # pl (002): "Masz trzy sposoby"
    @CHECK-02
    Scenario Outline: Way out of check - <way> with <move>
      Given White: Ke1 Nc3 Bb5 Pa2 Ph2
      And Black: Kh8 Re8
      And White to move
      Then <move> is legal
      When White plays <move>
      Then there is a white <piece> on <square>
      And Black is to move
      And the legal moves are as pinned

      Examples:
        | way                                   | move | piece  | square |
        | the king steps aside                  | Kd2  | king   | d2     |
        | the checking rook is captured         | Bxe8 | bishop | e8     |
        | the knight is put between             | Ne4  | knight | e4     |

    # pl (002): "Masz trzy sposoby"
    # pl (002): "Odejście królem: na sąsiednie pole, którego przeciwnik nie atakuje."
    @CHECK-02
    Scenario: The king may not step back along the line of the check - the rook's attack goes on through e4
      Given White: Ke4
      And Black: Ka8 Re8
      And White to move
      Then White is in check from e8
      And the king on e4 can move to d3, d4, d5, f3, f4 and f5
      And Ke3 is illegal
      And Ke5 is illegal
      And the legal moves are as pinned

    # pl (002): "Masz trzy sposoby"
    # pl (002): "Zbicie bierki dającej szach: po biciu pole króla musi być bezpieczne."
    @CHECK-02 @KING-03
    Scenario: The king captures the undefended queen that checks it from the next square
      Given White: Ke1
      And Black: Ka8 Qe2
      And White to move
      Then White is in check from e2
      And the legal moves are Kxe2
      And the legal moves are as pinned
      When White plays Kxe2
      Then there is a white king on e2
      And Black has no queens

    # pl (002): "Masz trzy sposoby"
    # pl (002): "Zbicie bierki dającej szach: po biciu pole króla musi być bezpieczne."
    @CHECK-02 @KING-03
    Scenario: The same queen defended by a knight may not be captured - it is mate
      Given White: Ke1
      And Black: Ka8 Qe2 Nc3
      And White to move
      Then White is in check from e2
      And Kxe2 is illegal
      And White is checkmated
      And the legal moves are as pinned

  Rule: Only a long-range check by a rook, bishop or queen can be blocked; a knight's check cannot

    # pl (002): "Szachu skoczka nie zastawisz."
    @CHECK-03
    Scenario: A knight's check cannot be blocked - the king moves or the knight is captured
      Given White: Ke1 Rf3 Pc2 Pe2
      And Black: Ka8 Nd3
      And White to move
      Then White is in check from d3
      And the legal moves are Kd1, Kd2, Kf1, cxd3, exd3 and Rxd3
      And Rf2 is illegal
      And Rf1 is illegal
      And the legal moves are as pinned

    # pl (002): "Zastawienie linii ataku: tylko przeciw dalekiemu atakowi wieży, gońca albo hetmana."
    @CHECK-03
    Scenario: A bishop's check from b4 can be blocked on c3 or d2
      Given White: Ke1 Nb1 Pc2 Ph2
      And Black: Ka8 Bb4
      And White to move
      Then White is in check from b4
      And the legal moves are Kd1, Ke2, Kf1, Kf2, Nc3, Nd2 and c3
      And the legal moves are as pinned

    # pl (002): "Szachu skoczka nie zastawisz."
    # pl (002): "Zastawienie linii ataku: tylko przeciw dalekiemu atakowi wieży, gońca albo hetmana."
    @CHECK-03
    Scenario: A queen checking from the next square cannot be blocked either
      Given White: Ke1 Rb2 Ra3
      And Black: Kh8 Qd2
      And White to move
      Then White is in check from d2
      And the legal moves are Kf1, Rxd2 and Kxd2
      And the legal moves are as pinned

  Rule: Against a double check only a king move helps; with no safe square it is mate

    # pl (002): "Gdy dwie bierki dają szach jednocześnie, bicie albo zastawienie zdejmuje tylko jedną linię. Zostaje odejście królem."
    # pl (002): "Zbicie jednej albo zastawienie jednej linii zostawia drugi szach, więc zostaje tylko odejście królem."
    @CHECK-04 @faq
    Scenario: FAQ - double check from a rook and a knight - capturing the knight or blocking the file is not enough
      Given White: Kg1 Re1 Nd6
      And Black: Ke8 Qd8 Bf8 Pf7
      And Black to move
      Then Black is in double check
      And Black is in check from d6 and e1
      And Qxd6 is illegal
      And Bxd6 is illegal
      And Be7 is illegal
      And Qe7 is illegal
      And the legal moves are Kd7
      And the legal moves are as pinned

    # pl (002): "Zostaje odejście królem."
    @CHECK-04
    Scenario: In double check the king may itself capture a checking piece, but the queen may not
      Given White: Kg1 Re1 Bd7
      And Black: Ke8 Qd8 Bf8 Pf7
      And Black to move
      Then Black is in double check
      And Black is in check from d7 and e1
      And Qxd7 is illegal
      And Be7 is illegal
      And the legal moves are Kxd7
      And the legal moves are as pinned

    # pl (002): "Zostaje odejście królem."
    @CHECK-04
    Scenario: Double check from a queen and a knight - the knight left the e-file and uncovered the queen
      Given White: Kg1 Qe2 Nf6
      And Black: Ke8 Qd8 Pd7 Pf7
      And Black to move
      Then Black is in double check
      And Black is in check from e2 and f6
      And Qxf6 is illegal
      And the legal moves are Kf8

    # pl (002): "Gdy dwie bierki dają szach jednocześnie, bicie albo zastawienie zdejmuje tylko jedną linię. Zostaje odejście królem."
    # pl (002): "Gdy król nie ma bezpiecznego pola, pozycja jest matem."
    @CHECK-04 @faq
    Scenario: FAQ - double check with no safe square is mate, though each check alone could be answered
      Given White: Kg1 Re1 Nd6
      And Black: Ke8 Qd8 Bf8 Pd7 Pf7
      And Black to move
      Then Black is in double check
      And Black is checkmated
      And the legal moves are as pinned

  Rule: A double check often comes from a discovered check

    # pl (002): "Czym jest szach podwójny i jak na niego odpowiadasz?"
    # pl (002): "Często wynika z szachu odkrytego"
    # pl (002): "jedna bierka schodzi, a stojąca za nią wieża, goniec albo hetman też daje szach."
    @CHECK-05 @CHECK-04 @faq
    Scenario: FAQ - the bishop leaves the e-file with check and uncovers the rook - a double check
      Given White: Kg1 Re1 Be4
      And Black: Ke8 Qd8 Pb7 Pf7
      And White to move
      When White plays Bc6+
      Then Black is in double check
      And Black is in check from c6 and e1
      And bxc6 is illegal
      And Qd7 is illegal
      And Qe7 is illegal
      And the legal moves are Kf8
      And the legal moves are as pinned

    # pl (002): "Często wynika z szachu odkrytego"
    @CHECK-05
    Scenario: A discovered check by the rook alone is a single check and can be blocked
      Given White: Kg1 Re1 Be4
      And Black: Ke8 Qd8 Pb7 Pf7
      And White to move
      When White plays Bf3+
      Then Black is in check from e1
      And Qe7 is legal
      And the legal moves are as pinned

  @fide-3.9 @fide-3.10
  Rule: No move may leave or put the player's own king in check - a pinned piece may not leave the line

    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @CHECK-06
    Scenario: A knight pinned to its king by a bishop cannot move at all
      Given the board
        | 8 | k | . | . | . | . | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | b | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | N | . | . | . | P |
        | 1 | . | . | . | . | K | . | . | . |
      And White to move
      Then the knight on d2 cannot move
      And Nd2-f3 is illegal
      And the legal moves are as pinned

    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @CHECK-06
    Scenario: A rook pinned on the e-file may move along it, and even capture the pinning rook
      Given White: Ke1 Re3
      And Black: Ka8 Re8
      And White to move
      Then the rook on e3 can move to e2, e4, e5, e6, e7 and e8
      And Re3-d3 is illegal
      And the legal moves are as pinned

    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @CHECK-06
    Scenario: A queen pinned on a diagonal moves only along the diagonal
      Given White: Kg1 Qf2
      And Black: Ka8 Bc5
      And White to move
      Then the queen on f2 can move to c5, d4 and e3
      And Qf2-f7 is illegal
      And the legal moves are as pinned

    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @CHECK-06
    Scenario: A bishop pinned on a diagonal moves only along the diagonal, up to the pinning bishop
      Given White: Ke1 Bd2 Ph2
      And Black: Kh8 Bb4
      And White to move
      Then the bishop on d2 can move to c3 and b4
      And Bd2-e3 is illegal
      And the legal moves are Bc3, Bxb4, Kd1, Ke2, Kf1, Kf2, h3 and h4

    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @CHECK-06
    Scenario: A pinned pawn may advance along the pin but not capture off it
      Given White: Ke1 Pe2
      And Black: Ka8 Re8 Bd3
      And White to move
      Then the pawn on e2 can move to e3 and e4
      And e2xd3 is illegal
      And the legal moves are as pinned

    # sv (000): "Ett en passant-slag får inte lämna din egen kung i schack, precis som vilket drag som helst."
    @CHECK-06
    Scenario: A pawn pinned on the diagonal a1-g7 may not capture en passant
      Given White: Ka1 Pe5
      And Black: Ke8 Bg7 Pd5
      And White to move
      And the last move was d7-d5
      Then the pawn on e5 cannot move
      And e5xd6 is illegal
      And the legal moves are as pinned

  Rule: Only legal moves are accepted; an illegal move is rejected and the game stays as it was

    # pl (002): "Ta szachownica przyjmuje tylko legalny ruch. Ruch sprzeczny z zasadami nie staje na polu."
    @LEGAL-01
    Scenario: An illegal e2-e5 is rejected and the pawn stays on e2
      Given the initial position
      Then the legal moves are as pinned
      When White tries e2-e5
      Then the move is rejected
      And White is still to move
      And the board is unchanged
      And there is a white pawn on e2
      And e5 is empty
      When White tries e2-e4
      Then the move is accepted
      And Black is to move
      And there is a white pawn on e4

    # sv (000): "Bönderna står kvar på d4 och e4, och svart är fortfarande vid draget."
    @LEGAL-01
    Scenario: Figure 11 - the rejected d4xe3 leaves the pawns on d4 and e4 and Black still to move
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
      Then the legal moves are as pinned
      When Black tries d4xe3
      Then the move is rejected
      And there is a black pawn on d4
      And there is a white pawn on e4
      And e3 is empty
      And Black is still to move

    # pl (002): "Ruch sprzeczny z zasadami nie staje na polu."
    @LEGAL-01
    Scenario: A king move into check is rejected and the king stays on e1
      Given White: Ke1
      And Black: Ka8 Rd8
      And White to move
      Then the legal moves are as pinned
      When White tries Ke1-d2
      Then the move is rejected
      And White is still to move
      And the board is unchanged
      And there is a white king on e1
      And d2 is empty

  Rule: Before each move check - is my king in check, will the move expose it, are the path and the square legal

    # pl (002): "Przed każdym ruchem sprawdź, czy twój król jest w szachu, czy po ruchu nie zostanie odsłonięty na atak i czy pole docelowe oraz droga są legalne."
    @LEGAL-02
    Scenario Outline: Before moving - <question> - <move> is rejected
      Given White: <white>
      And Black: <black>
      And White to move
      Then the legal moves are as pinned
      When White tries <move>
      Then the move is rejected
      And White is still to move
      And the board is unchanged

      Examples:
        | question                              | white           | black      | move   |
        | is my king in check                   | Ke1 Pa2         | Ka8 Re8    | a2-a3  |
        | will the move expose my king          | Ke1 Nd2         | Ka8 Bb4    | Nd2-f3 |
        | is the path free                      | Ke1 Ra1 Pa3     | Kh8        | Ra1-a5 |
        | is the destination free of my pieces  | Ke1 Rd1 Nd4     | Ka8        | Rd1-d4 |
        | can the piece reach that square       | Ke1 Bc1         | Ka8        | Bc1-c3 |

    # pl (002): "Przed każdym ruchem sprawdź, czy twój król jest w szachu, czy po ruchu nie zostanie odsłonięty na atak i czy pole docelowe oraz droga są legalne."
    @LEGAL-02
    Scenario: Once c2-c3 covers the king, the knight on d2 passes all three checks and may move
      Given White: Ke1 Nd2 Pc2
      And Black: Ka8 Bb4
      And White to move
      When White tries Nd2-f3
      Then the move is rejected
      When White plays c2-c3
      And Black plays Ka8-b8
      Then White is not in check
      And the legal moves are as pinned
      When White tries Nd2-f3
      Then the move is accepted
      And Black is to move
