Feature: Checkmate and stalemate
  The aim is not to capture the king but to checkmate it: the king is in
  check and no move gets it out. The game ends there, and the side that gave
  mate wins. When the side to move has no legal move but its king is not in
  check, that is stalemate, and the game is a draw.
  (FIDE Laws of Chess, articles 1.4.1, 5.1.1 and 5.2.1.)

  @fide-1.4.1 @fide-5.1.1
  Rule: A check from which no legal move escapes is checkmate, and the side that gives it wins

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01 @fide-1.4.2
    Scenario: Back-rank mate - the rook on a8 mates the king behind its own pawns
      Given the board
        | 8 | . | . | . | . | . | . | k | . |
        | 7 | . | . | . | . | . | p | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | R | . | . | . | . | . | K | . |
      And White to move
      Then Ra8# is legal
      And the legal moves are as pinned
      When White plays Ra8#
      Then Black is in check from a8
      And Black is checkmated
      And Black is not stalemated
      And Black has 0 legal moves

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01
    Scenario Outline: The same back-rank check is not mate when <escape>
      Given White: Kg1 Ra1
      And Black: <black>
      And White to move
      When White plays Ra8+
      Then Black is in check from a8
      And Black is not checkmated
      And the legal moves are <answers>
      And the legal moves are as pinned

      Examples:
        | escape                              | black               | answers      |
        | the pawn on h6 leaves h7 free       | Kg8 Pf7 Pg7 Ph6     | Kh7          |
        | a bishop on b7 can capture or block | Kg8 Bb7 Pf7 Pg7 Ph7 | Bxa8 and Bc8 |
        | a rook on c2 can block on c8        | Kg8 Rc2 Pf7 Pg7 Ph7 | Rc8          |

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    # pl (002): "Szachu skoczka nie zastawisz."
    @MATE-01 @CHECK-03
    Scenario: Smothered mate - the knight on f7 mates the king hemmed in by its own rook and pawns
      Given the board
        | 8 | . | . | . | . | . | . | r | k |
        | 7 | . | . | . | . | . | . | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | N | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And White to move
      Then Nf7# is legal
      And the legal moves are as pinned
      When White plays Nf7#
      Then Black is in check from f7
      And Black is checkmated
      And Black has 0 legal moves

    # pl (002): "Gdy dwie bierki dają szach jednocześnie, bicie albo zastawienie zdejmuje tylko jedną linię. Zostaje odejście królem."
    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01 @CHECK-04
    Scenario Outline: Mate by double check - the knight goes to <square> and the rook on e1 checks too
      Given White: Kg1 Re1 Ne4
      And Black: Ke8 Qd8 Bf8 Pd7 Pf7
      And White to move
      When White plays <move>
      Then Black is in double check
      And Black is in check from <square> and e1
      And <capture> is illegal
      And Black is checkmated
      And Black has 0 legal moves
      And the legal moves are as pinned

      Examples:
        | square | move | capture |
        | d6     | Nd6# | Bxd6    |
        | f6     | Nf6# | Qxf6    |

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01
    Scenario: The same knight going to c5 leaves a single check from the rook, which can be blocked
      Given White: Kg1 Re1 Ne4
      And Black: Ke8 Qd8 Bf8 Pd7 Pf7
      And White to move
      When White plays Nc5+
      Then Black is in check from e1
      And Black is not checkmated
      And the legal moves are Be7 and Qe7
      And the legal moves are as pinned

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01
    Scenario: Scholar's mate - the king cannot take the queen on f7 because the bishop on c4 guards it
      Given the position after 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6
      Then Qxf7# is legal
      And the legal moves are as pinned
      When White plays Qxf7#
      Then Black is in check from f7
      And Black is checkmated
      And Black has 0 legal moves

    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    @MATE-01 @fide-1.4.2
    Scenario: Fool's mate - Black mates White on move two
      Given the position after 1. f3 e5 2. g4
      Then Qh4# is legal
      And the legal moves are as pinned
      When Black plays Qh4#
      Then White is in check from h4
      And White is checkmated
      And White has 0 legal moves

    # pl (002): "masz prawo od razu wejść pionem na ukos na pole, które tamten minął, i go zbić"
    @MATE-01 @EP-02 @fide-3.7.3.1
    Scenario: A pawn's double-step check is not mate when the pawn can be captured en passant
      Given White: Kh4 Ph5
      And Black: Kh6 Ra3 Be6 Pg7
      And Black to move
      When Black plays g7-g5+
      Then White is in check from g5
      And White is not checkmated
      And the legal moves are hxg6
      And the legal moves are as pinned
      When White plays hxg6
      Then there is a white pawn on g6
      And g5 and h5 are empty

  @fide-5.2.1
  Rule: No legal move and no check is stalemate, and the game is drawn

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01
    Scenario: The classic slip - Qc7 leaves the lone king on a8 without a move
      Given White: Kb6 Qd7
      And Black: Ka8
      And White to move
      Then Qc7 is legal
      And the legal moves are as pinned
      When White plays Qc7
      Then Black is not in check
      And Black is stalemated
      And Black is not checkmated
      And Black has 0 legal moves

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01
    Scenario: King and pawn - Kb6 takes the last squares of the king on a8
      Given White: Kc6 Pa7
      And Black: Ka8
      And White to move
      Then the legal moves are as pinned
      When White plays Kb6
      Then Black is not in check
      And Black is stalemated
      And Black has 0 legal moves

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @STALE-01 @CHECK-06 @fide-3.9 @fide-3.10
    Scenario: Stalemate with a pinned knight - the knight on b8 may not leave the line of the rook on h8
      Given White: Kb6 Rh8
      And Black: Ka8 Nb8
      And Black to move
      Then Black is not in check
      And the knight on b8 cannot move
      And Black is stalemated
      And Black has 0 legal moves
      And the legal moves are as pinned

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01
    Scenario: A black pawn blocked by a white pawn gives no move, so it is still stalemate
      Given White: Kb6 Pa7 Ph4
      And Black: Ka8 Ph5
      And Black to move
      Then the pawn on h5 cannot move
      And Black is stalemated
      And the legal moves are as pinned

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01
    Scenario: A black pawn that can still move means no stalemate
      Given White: Kb6 Pa7
      And Black: Ka8 Ph7
      And Black to move
      Then the pawn on h7 can move to h5 and h6
      And Black is not stalemated
      And Black is not checkmated
      And the legal moves are as pinned

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01
    Scenario: White's king has no square, but the pawn on a6 may advance or capture the knight on b7, so it is no stalemate
      Given White: Kh1 Ph2 Pa6
      And Black: Ka8 Rg8 Nb7 Ph3
      And White to move
      Then White is not in check
      And White is not stalemated
      And the legal moves are a7 and axb7

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-01 @fide-3.7.3.3
    Scenario: White's king has no square, but the pawn on b7 may step to b8 and promote, so it is no stalemate
      Given White: Kh1 Ph2 Pb7
      And Black: Ke5 Rg8 Ph3
      And White to move
      Then White is not in check
      And White is not stalemated
      And the legal moves are b8=Q, b8=R, b8=B and b8=N

    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    # pl (002): "czy po ruchu nie zostanie odsłonięty na atak"
    @STALE-01 @CHECK-06 @fide-3.9
    Scenario: White's king has no square and the pawn on e7 is pinned, but it may take the pinning bishop on f8 and promote, so it is no stalemate
      Given White: Kd6 Pe7
      And Black: Kh1 Ra5 Rc1 Bc8 Bf8
      And White to move
      Then White is not in check
      And White is not stalemated
      And e8=Q is illegal
      And the legal moves are exf8=Q, exf8=R, exf8=B and exf8=N

  Rule: Mate and stalemate differ only in whether the king is attacked, but the results differ

    # pl (002): "Mat i pat różni tylko to, czy król jest atakowany, ale wynik jest inny"
    # pl (002): "Gdy żaden z trzech sposobów nie wchodzi w grę, jest mat i wygrywa strona atakująca."
    # pl (002): "Gdy strona przy ruchu nie ma legalnego ruchu, a jej król nie jest w szachu, pozycja jest patem."
    @STALE-02 @STALE-01 @MATE-01 @faq @fide-5.2.1 @fide-1.4.1 @fide-5.1.1
    Scenario Outline: FAQ - how stalemate differs from mate: after <move> Black has no move and <outcome>
      Given White: Kf7 Qg4
      And Black: Kh8
      And White to move
      When White plays <move>
      Then Black has 0 legal moves
      And Black is <check>
      And Black is <mate>
      And Black is <stalemate>
      And the legal moves are as pinned

      Examples:
        | move | outcome                             | check        | mate           | stalemate      |
        | Qg7# | the king is in check: mate          | in check     | checkmated     | not stalemated |
        | Qg6  | the king is not in check: stalemate | not in check | not checkmated | stalemated     |

    # pl (002): "Mat i pat różni tylko to, czy król jest atakowany, ale wynik jest inny"
    @STALE-02 @STALE-01 @MATE-01 @faq @fide-5.2.1 @fide-1.4.1 @fide-5.1.1
    Scenario Outline: FAQ - the results differ: after <move> <result>
      Given White: Kf7 Qg4
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White plays <move>
      Then <outcome>

      Examples:
        | move | result            | outcome                        |
        | Qg7# | White wins        | White wins by checkmate        |
        | Qg6  | the game is drawn | the game is drawn by stalemate |

    # pl (002): "Mat i pat różni tylko to, czy król jest atakowany, ale wynik jest inny"
    @STALE-02
    Scenario Outline: The same king and pawn with a bishop on <bishop>: <outcome>
      Given White: Kb6 Pa7 B<bishop>
      And Black: Ka8
      And Black to move
      Then Black has 0 legal moves
      And Black is <check>
      And Black is <mate>
      And Black is <stalemate>
      And the legal moves are as pinned

      Examples:
        | bishop | outcome                            | check        | mate           | stalemate      |
        | d5     | it checks along the diagonal, mate | in check     | checkmated     | not stalemated |
        | d4     | no check, stalemate                | not in check | not checkmated | stalemated     |

  @fide-5.1.1
  Rule: The king is never captured: the game ends at the moment of checkmate

    # pl (002): "Króla nie zdejmujesz z szachownicy: partia kończy się w chwili mata."
    @CHECK-07 @MATE-01 @fide-1.4.1
    Scenario: After the back-rank mate Black has no move left and the king stays on g8
      Given the board
        | 8 | . | . | . | . | . | . | k | . |
        | 7 | . | . | . | . | . | p | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | R | . | . | . | . | . | K | . |
      And White to move
      When White plays Ra8#
      Then Black is checkmated
      And Black has 0 legal moves
      And the legal moves are as pinned
      When Black tries Kf8
      Then the move is rejected
      And Black is still to move
      And the board is unchanged
      And there is a black king on g8
      And there is a white rook on a8
      When Black tries h6
      Then the move is rejected
      And Black is still to move
      And the board is unchanged

    # pl (002): "Króla nie zdejmujesz z szachownicy: partia kończy się w chwili mata."
    @CHECK-07
    Scenario: A move that leaves the king in check is rejected, so the king is never there to be taken
      Given White: Kg1 Ra1
      And Black: Kg8 Pf7 Pg7 Ph6
      And White to move
      When White plays Ra8+
      And Black tries h5
      Then the move is rejected
      And Black is still to move
      And the board is unchanged
      And Black is in check from a8
      And the legal moves are Kh7
      And the legal moves are as pinned
      When Black plays Kh7
      Then White is to move
      And there is a black king on h7
