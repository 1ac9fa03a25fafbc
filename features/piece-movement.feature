Feature: How the pieces move
  Each of the six kinds of piece has its own way of moving. No piece may move
  onto a square held by its own side, and no piece but the knight may pass
  over another piece. A piece captures by moving onto the square of an enemy
  piece, which then leaves the board. The king never moves onto an attacked
  square; the pawn moves straight ahead but captures diagonally.
  (FIDE Laws of Chess, article 3.)

  @fide-3.1
  Rule: A piece may not move to a square occupied by a piece of its own side

    # pl (002): "Bierka nie wchodzi na pole zajęte przez własną stronę."
    @MOVE-01
    Scenario: A rook stops before its own pieces but may capture an enemy piece
      Given White: Kh1 Rd4 Pd6 Nf4
      And Black: Kh8 Pb4
      And White to move
      Then the rook on d4 can move to b4, c4, d1, d2, d3, d5 and e4
      And Rd4-d6 is illegal
      And Rd4-f4 is illegal
      And Rd4xb4 is legal
      And the legal moves are as pinned

    # pl (002): "Bierka nie wchodzi na pole zajęte przez własną stronę."
    @MOVE-01
    Scenario: A knight whose two squares both hold its own pieces cannot move
      Given White: Kh1 Na1 Pb3 Pc2
      And Black: Kh8
      And White to move
      Then the knight on a1 cannot move
      And the legal moves are as pinned

    # pl (002): "Bierka nie wchodzi na pole zajęte przez własną stronę."
    @MOVE-01
    Scenario: A king surrounded by its own pieces cannot move
      Given White: Ke1 Qd1 Bf1 Pd2 Pe2 Pf2
      And Black: Ke8
      And White to move
      Then the king on e1 cannot move
      And Ke1-d1 is illegal
      And the legal moves are as pinned

  @fide-3.5
  Rule: No piece except the knight may pass over a piece standing in its way

    # pl (002): "Poza skoczkiem żadna nie przechodzi przez bierkę na drodze."
    @MOVE-02
    Scenario Outline: A <piece> on d4 stops at the first piece in each direction
      Given White: Kh1 <letter>d4 Pd6 Pb2
      And Black: Kh8 Rd2 Nf6 Bb6
      And White to move
      Then the <piece> on d4 can move to <squares>
      And <past an enemy> is illegal
      And <past its own> is illegal
      And the legal moves are as pinned

      Examples:
        | piece  | letter | squares                                                                   | past an enemy | past its own |
        | rook   | R      | a4, b4, c4, d2, d3, d5, e4, f4, g4 and h4                                 | Rd4-d1        | Rd4-d7       |
        | bishop | B      | b6, c3, c5, e3, e5, f2, f6 and g1                                         | Bd4-g7        | Bd4-a1       |
        | queen  | Q      | a4, b4, c4, d2, d3, d5, e4, f4, g4, h4, b6, c3, c5, e3, e5, f2, f6 and g1 | Qd4-a7        | Qd4-d7       |

    # pl (002): "Poza skoczkiem żadna nie przechodzi przez bierkę na drodze."
    @MOVE-02 @KNIGHT-02
    Scenario: In the initial position only the knights can jump out from behind the pawns
      Given the initial position
      Then the rook on a1 cannot move
      And the bishop on c1 cannot move
      And the queen on d1 cannot move
      And the king on e1 cannot move
      And the bishop on f1 cannot move
      And the rook on h1 cannot move
      And the knight on b1 can move to a3 and c3
      And the knight on g1 can move to f3 and h3
      And the legal moves are as pinned

  @fide-3.1.1
  Rule: In a capture the capturing piece takes the square and the captured piece leaves the board

    # pl (002): "Przy biciu bierka, która idzie, staje na polu przeciwnika, a zbita schodzi z szachownicy."
    @MOVE-03 @fide-3.10.1
    Scenario: The rook takes the knight: it stands on a7 and the knight is gone
      Given White: Ke1 Ra1
      And Black: Ke8 Na7
      And White to move
      Then Ra1xa7 is legal
      And the legal moves are as pinned
      When White plays Ra1xa7
      Then there is a white rook on a7
      And a1 is empty
      And Black has no knights
      And the last move changed only a1 and a7
      And Black is to move

    # pl (002): "Przy biciu bierka, która idzie, staje na polu przeciwnika, a zbita schodzi z szachownicy."
    @MOVE-03
    Scenario: The pawn takes on d5 and Black has seven pawns left
      Given the position after 1. e4 d5
      Then the legal moves are as pinned
      When White plays exd5
      Then there is a white pawn on d5
      And e4 is empty
      And Black has 7 pawns
      And White has 8 pawns
      And the last move changed only e4 and d5

    # pl (002): "Przy biciu bierka, która idzie, staje na polu przeciwnika, a zbita schodzi z szachownicy."
    @MOVE-03
    Scenario: Black captures the same way - the queen takes the pawn on d6
      Given the position after 1. d4 e5 2. dxe5 d6 3. exd6
      Then the legal moves are as pinned
      When Black plays Qxd6
      Then there is a black queen on d6
      And d8 is empty
      And White has 7 pawns
      And the last move changed only d8 and d6

  @fide-3.8.1
  Rule: The king moves one square in any direction, and captures the same way

    # pl (002): "Król idzie o jedno pole w dowolnym kierunku i tak samo bije."
    # sv (004): "Kungen kan flytta sig till en av de åtta rutorna runt omkring."
    @KING-01
    Scenario Outline: The king on <square> steps to each neighbouring square: <where>
      Given White: K<square>
      And Black: <black>
      And White to move
      Then the king on <square> can move to <squares>
      And the legal moves are as pinned

      Examples:
        | square | where                   | black | squares                                |
        | e4     | eight in the centre     | Ka8   | d3, d4, d5, e3, e5, f3, f4 and f5      |
        | h5     | five on the edge        | Ka1   | g4, g5, g6, h4 and h6                  |
        | a1     | three in the corner     | Kh8   | a2, b1 and b2                          |
        | e1     | five on its first rank  | Ke8   | d1, d2, e2, f1 and f2                  |

    # pl (002): "Król idzie o jedno pole w dowolnym kierunku i tak samo bije."
    @KING-01
    Scenario: The king captures as it moves - the pawn next to it, not the rook two squares away
      Given White: Ke4
      And Black: Ka8 Pe5 Rc6
      And White to move
      Then the king on e4 can move to d3, d5, e3, e5, f3 and f5
      And Ke4xc6 is illegal
      And the legal moves are as pinned
      When White plays Kxe5
      Then there is a white king on e5
      And Black has no pawns
      And the last move changed only e4 and e5

    # pl (002): "Król idzie o jedno pole w dowolnym kierunku i tak samo bije."
    @KING-01
    Scenario: The king never moves two squares, not even on an empty board
      Given White: Kc3
      And Black: Kh7
      And White to move
      Then Kc3-c5 is illegal
      And Kc3-e3 is illegal
      And Kc3-a1 is illegal
      And Kc3-e5 is illegal
      And the king on c3 can move to b2, b3, b4, c2, c4, d2, d3 and d4
      And the legal moves are as pinned

  @fide-3.8.1 @fide-3.9
  Rule: The king may not move to an attacked square, so the two kings never stand side by side

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-02
    Scenario: Kings two squares apart - the white king may not step onto d5, e5 or f5
      Given White: Ke4
      And Black: Ke6
      And White to move
      Then the king on e4 can move to d3, d4, e3, f3 and f4
      And Ke5 is illegal
      And Kd5 is illegal
      And Kf5 is illegal
      And the legal moves are as pinned

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-02
    Scenario: Kings two squares apart - the black king may not approach either
      Given White: Kc4
      And Black: Ke4
      And Black to move
      Then the king on e4 can move to e3, e5, f3, f4 and f5
      And Kd4 is illegal
      And Kd5 is illegal
      And Kd3 is illegal
      And the legal moves are as pinned

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-02
    Scenario: The king may not step onto the rank a rook controls
      Given White: Ke1
      And Black: Ka8 Ra2
      And White to move
      Then the king on e1 can move to d1 and f1
      And Ke2 is illegal
      And the legal moves are as pinned

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-02
    Scenario: Pawns attack diagonally - the king may stand right in front of a pawn but not on e5
      Given White: Ke4
      And Black: Ka8 Pd6 Pf6
      And White to move
      Then the king on e4 can move to d3, d4, d5, e3, f3, f4 and f5
      And Ke5 is illegal
      And the legal moves are as pinned

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-02 @fide-3.9.1 @fide-3.1.3
    Scenario: A rook pinned to its own king still guards its file against the enemy king
      Given White: Kc3 Bc6
      And Black: Ka8 Rb7
      And White to move
      Then the king on c3 can move to c2, c4, d2, d3 and d4
      And Kb3 is illegal
      And the legal moves are as pinned

  @fide-3.9
  Rule: The king may capture a defended piece only if no enemy piece attacks that square afterwards

    # pl (002): "Czy król zbija bronioną bierkę?"
    # pl (002): "Tylko wtedy, gdy po biciu żadna bierka przeciwnika nie atakuje pola króla."
    # pl (002): "Jeśli bierka jest broniona i król po zbiciu wciąż stoi w szachu, ruch jest nielegalny."
    @KING-03 @faq
    Scenario: FAQ - the king may not capture a knight its pawn defends
      Given White: Ke4
      And Black: Ka8 Nd5 Pc6
      And White to move
      Then Kxd5 is illegal
      And the king on e4 can move to d3, d4, e5, f3 and f5
      And the legal moves are as pinned

    # pl (002): "Tylko wtedy, gdy po biciu żadna bierka przeciwnika nie atakuje pola króla."
    @KING-03 @faq
    Scenario: FAQ - the same knight undefended may be captured: the pawn on c7 does not guard d5
      Given White: Ke4
      And Black: Ka8 Nd5 Pc7
      And White to move
      Then Kxd5 is legal
      And the king on e4 can move to d3, d4, d5, e5, f3 and f5
      And the legal moves are as pinned
      When White plays Kxd5
      Then there is a white king on d5
      And Black has no knights

    # pl (002): "Nie wchodzi na pole atakowane, więc dwa króle nie stają na sąsiednich polach."
    @KING-03 @KING-02
    Scenario: A pawn defended only by the enemy king cannot be taken
      Given White: Ke4
      And Black: Ke6 Pe5
      And White to move
      Then Kxe5 is illegal
      And the king on e4 can move to d3, e3 and f3
      And the legal moves are as pinned

    # pl (002): "Tylko wtedy, gdy po biciu żadna bierka przeciwnika nie atakuje pola króla."
    # pl (002): "Jeśli bierka jest broniona i król po zbiciu wciąż stoi w szachu, ruch jest nielegalny."
    @KING-03 @fide-3.9.1
    Scenario: A bishop pinned to its own king still defends - the king may not take on d5
      Given White: Ke4 Rf1
      And Black: Kf8 Bf7 Nd5
      And White to move
      Then Kxd5 is illegal
      And the king on e4 can move to d3, d4, e5, f3 and f5
      And the legal moves are as pinned

  @fide-3.4
  Rule: The queen moves any number of squares along a rank, a file or a diagonal

    # pl (002): "Hetman idzie o dowolną liczbę pól po rzędzie, linii albo przekątnej"
    @QUEEN-01
    Scenario Outline: The queen on <square> reaches <n> squares along its lines
      Given White: <white>
      And Black: <black>
      And White to move
      Then the queen on <square> can move to <squares>
      And the legal moves are as pinned

      Examples:
        | square | n  | white   | black | squares                                                                                                  |
        | a1     | 21 | Kh2 Qa1 | Kc7   | a2, a3, a4, a5, a6, a7, a8, b1, c1, d1, e1, f1, g1, h1, b2, c3, d4, e5, f6, g7 and h8                    |
        | h5     | 21 | Kb1 Qh5 | Kb7   | h1, h2, h3, h4, h6, h7, h8, a5, b5, c5, d5, e5, f5, g5, g6, f7, e8, g4, f3, e2 and d1                    |

    # sv (004): "Drottningen kombinerar drag av en löpare och ett torn."
    @QUEEN-01 @ROOK-01 @BISHOP-01
    Scenario Outline: From d4 a <piece> reaches <n> squares - the queen's 27 are the rook's 14 and the bishop's 13
      Given White: Kh2 <letter>d4
      And Black: Kb8
      And White to move
      Then the <piece> on d4 can move to <squares>
      And the legal moves are as pinned

      Examples:
        | piece  | letter | n  | squares                                                                                                                    |
        | rook   | R      | 14 | a4, b4, c4, e4, f4, g4, h4, d1, d2, d3, d5, d6, d7 and d8                                                                  |
        | bishop | B      | 13 | a1, b2, c3, e5, f6, g7, h8, a7, b6, c5, e3, f2 and g1                                                                      |
        | queen  | Q      | 27 | a4, b4, c4, e4, f4, g4, h4, d1, d2, d3, d5, d6, d7, d8, a1, b2, c3, e5, f6, g7, h8, a7, b6, c5, e3, f2 and g1              |

    # pl (002): "Hetman idzie o dowolną liczbę pól po rzędzie, linii albo przekątnej"
    # pl (002): "Nie przeskakuje bierki, która stoi na drodze."
    @QUEEN-01
    Scenario: The queen neither jumps over her own pieces nor moves like a knight
      Given White: Ke1 Qd1 Pc2 Pd2 Pe2
      And Black: Ke8
      And White to move
      Then the queen on d1 can move to a1, b1 and c1
      And Qd1-d3 is illegal
      And Qd1-f1 is illegal
      And Qd1-e3 is illegal
      And Qd1-b3 is illegal
      And the legal moves are as pinned

  @fide-3.3
  Rule: The rook moves any number of squares along a rank or a file, never diagonally

    # pl (002): "Wieża idzie o dowolną liczbę pól po rzędzie albo linii. Nie idzie po przekątnej"
    # sv (004): "till vänster eller höger på leden och uppåt eller nedåt på filerna"
    @ROOK-01
    Scenario: The black rook on f5 moves left and right along the rank and up and down the file
      Given White: Kh2
      And Black: Kb8 Rf5
      And Black to move
      Then the rook on f5 can move to a5, b5, c5, d5, e5, g5, h5, f1, f2, f3, f4, f6, f7 and f8
      And the legal moves are as pinned

    # pl (002): "Wieża idzie o dowolną liczbę pól po rzędzie albo linii. Nie idzie po przekątnej"
    @ROOK-01 @fide-3.10.2
    Scenario: The rook never moves diagonally
      Given White: Kg2 Rc3
      And Black: Kg7
      And White to move
      Then Rc3-d4 is illegal
      And Rc3-b2 is illegal
      And Rc3-a5 is illegal
      And Rc3-d5 is illegal
      And the legal moves are as pinned

    # pl (002): "Wieża idzie o dowolną liczbę pól po rzędzie albo linii. Nie idzie po przekątnej"
    # pl (002): "Nie idzie po przekątnej i nie przechodzi przez inną bierkę."
    @ROOK-01
    Scenario: The rook captures the first enemy piece on its file, not the rook behind it
      Given White: Kh1 Rb1
      And Black: Kg8 Pb7 Rb8
      And White to move
      Then the rook on b1 can move to a1, c1, d1, e1, f1, g1, b2, b3, b4, b5, b6 and b7
      And Rb1xb8 is illegal
      And the legal moves are as pinned

  @fide-3.2
  Rule: The bishop moves any number of squares along a diagonal and does not jump

    # pl (002): "Goniec idzie o dowolną liczbę pól po przekątnej i nie przeskakuje bierek."
    # sv (004): "En löpare kan flytta ett obegränsat antal rutor diagonalt"
    @BISHOP-01
    Scenario Outline: The <colour> bishop on <square> moves along its diagonals to <squares>
      Given White: <white>
      And Black: <black>
      And <side> to move
      Then the bishop on <square> can move to <squares>
      And the legal moves are as pinned

      Examples:
        | colour | square | side  | white   | black   | squares                                                            |
        | white  | a1     | White | Kh2 Ba1 | Kb8     | b2, c3, d4, e5, f6, g7 and h8                                      |
        | white  | e4     | White | Ka3 Be4 | Kh4     | d5, c6, b7, a8, f5, g6, h7, d3, c2, b1, f3, g2 and h1              |
        | black  | c8     | Black | Kh1     | Ke8 Bc8 | b7, a6, d7, e6, f5, g4 and h3                                      |

    # pl (002): "Goniec idzie o dowolną liczbę pól po przekątnej i nie przeskakuje bierek."
    @BISHOP-01
    Scenario: The bishop neither moves straight nor jumps over its own pawn
      Given White: Kh1 Bc1 Pd2
      And Black: Ka8
      And White to move
      Then the bishop on c1 can move to a3 and b2
      And Bc1-e3 is illegal
      And Bc1-c2 is illegal
      And Bc1-d1 is illegal
      And the legal moves are as pinned

  Rule: A bishop stays on squares of one colour for the whole game

    # pl (002): "Do końca partii zostaje na polach jednego koloru."
    @BISHOP-02
    Scenario: The bishop from f1 travels f1-c4-b5-a4-b3 and never leaves the light squares
      Given the position after 1. e4 e5
      Then f1 is a light square
      And the bishop on f1 can move only to light squares
      When the game continues 2. Bc4 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 d6
      Then there is a white bishop on b3
      And b3 is a light square
      And the bishop on b3 can move only to light squares
      And the legal moves are as pinned

    # pl (002): "Do końca partii zostaje na polach jednego koloru."
    @BISHOP-02
    Scenario Outline: A bishop on the <shade> square <square> reaches only <shade> squares
      Given White: Kh2 B<square>
      And Black: Kb8
      And White to move
      Then <square> is a <shade> square
      And the bishop on <square> can move only to <shade> squares
      And the legal moves are as pinned

      Examples:
        | square | shade |
        | c5     | dark  |
        | f5     | light |

    # pl (002): "Do końca partii zostaje na polach jednego koloru."
    @BISHOP-02 @BISHOP-01
    Scenario: The bishop on the dark square d4 may take the rook on dark e5, never the knight on light d5
      Given White: Kh1 Bd4
      And Black: Ka8 Nd5 Re5
      And White to move
      Then Bd4xe5 is legal
      And Bd4xd5 is illegal
      And the bishop on d4 can move to a1, a7, b2, b6, c3, c5, e3, e5, f2 and g1
      And the legal moves are as pinned

  @fide-3.6
  Rule: The knight moves two squares in one direction and one square at right angles to it

    # pl (002): "Skoczek idzie o dwa pola w jednym kierunku i o jedno w kierunku prostopadłym."
    # sv (004): "Man säger att riddaren rör sig i form av ett L."
    @KNIGHT-01
    Scenario Outline: The knight on <square> jumps to <squares>
      Given White: <white>
      And Black: <black>
      And White to move
      Then the knight on <square> can move to <squares>
      And the legal moves are as pinned

      Examples:
        | square | white   | black | squares                                |
        | d4     | Kh1 Nd4 | Ka8   | b3, b5, c2, c6, e2, e6, f3 and f5      |
        | a1     | Kh1 Na1 | Kh8   | b3 and c2                              |
        | h8     | Kh1 Nh8 | Ka8   | f7 and g6                              |
        | g2     | Ka1 Ng2 | Ka8   | e1, e3, f4 and h4                      |
        | b6     | Kh1 Nb6 | Kh8   | a4, a8, c4, c8, d5 and d7              |

    # pl (002): "Skoczek idzie o dwa pola w jednym kierunku i o jedno w kierunku prostopadłym."
    @KNIGHT-01
    Scenario: The knight moves neither in a straight line nor along a diagonal
      Given White: Kh1 Ne5
      And Black: Ka8
      And White to move
      Then the knight on e5 can move to c4, c6, d3, d7, f3, f7, g4 and g6
      And Ne5-e7 is illegal
      And Ne5-e6 is illegal
      And Ne5-g7 is illegal
      And Ne5-f6 is illegal
      And Ne5-h6 is illegal
      And the legal moves are as pinned

  @fide-3.6
  Rule: The knight jumps over pieces in its way, and captures only on the square where it lands

    # pl (002): "Jako jedyna bierka przeskakuje inne"
    # sv (004): "Den "hoppar över" pjäserna på sin väg till sin nya ruta och slår dem inte"
    @KNIGHT-02
    Scenario: A knight hemmed in on all eight sides still jumps to all eight of its squares
      Given White: Kh1 Nd4 Pc3 Pd3 Pe3 Rc4
      And Black: Ka8 Pc5 Pd5 Pe5 Ne4 Bf5
      And White to move
      Then the knight on d4 can move to b3, b5, c2, c6, e2, e6, f3 and f5
      And the legal moves are as pinned
      When White plays Nxf5
      Then there is a white knight on f5
      And the last move changed only d4 and f5
      And Black has no bishops
      And Black has 3 pawns
      And there is a black knight on e4

    # sv (004): "Den "hoppar över" pjäserna på sin väg till sin nya ruta och slår dem inte"
    @KNIGHT-02
    Scenario: Ng1-f3 jumps over the pawns on f2 and g2 and leaves them where they stand
      Given the initial position
      When White plays Ng1-f3
      Then there is a white knight on f3
      And there is a white pawn on f2
      And there is a white pawn on g2
      And the last move changed only g1 and f3
      And the legal moves are as pinned

  @fide-3.7.1
  Rule: A pawn moves straight forward one square and never moves backwards

    # pl (002): "Pion idzie prosto do przodu"
    # sv (004): "En bonde kan bara flytta sig framåt"
    @PAWN-01
    Scenario Outline: The <colour> pawn on <square> moves one square forward to <target>, never back to <back>
      Given White: <white>
      And Black: <black>
      And <side> to move
      Then the pawn on <square> can move to <target>
      And <square>-<back> is illegal
      And the legal moves are as pinned

      Examples:
        | colour | side  | white   | black   | square | target | back |
        | white  | White | Kh1 Pe3 | Ka8     | e3     | e4     | e2   |
        | white  | White | Kh1 Pa5 | Kh8     | a5     | a6     | a4   |
        | black  | Black | Kh1     | Ka8 Pd6 | d6     | d5     | d7   |
        | black  | Black | Ka1     | Ka8 Ph3 | h3     | h2     | h4   |

  @fide-3.7.1
  Rule: A pawn cannot capture straight ahead; any piece directly in front of it blocks it

    # pl (002): "nie bije bierki stojącej przed sobą"
    # sv (004): "Om en fientlig pjäs står rakt framför en bonde kan bonden inte slå den pjäsen."
    @PAWN-02
    Scenario: After 1. e4 e5 the two pawns block each other
      Given the position after 1. e4 e5
      Then the pawn on e4 cannot move
      And e4-e5 is illegal
      And the legal moves are as pinned
      When White plays Nf3
      Then the pawn on e5 cannot move

    # sv (004): "Om en fientlig pjäs står rakt framför en bonde kan bonden inte slå den pjäsen."
    @PAWN-02 @PAWN-04
    Scenario: An enemy knight right in front of the pawn stops its single and its double step
      Given White: Kh1 Pe2
      And Black: Ka8 Ne3
      And White to move
      Then the pawn on e2 cannot move
      And e2-e4 is illegal
      And the legal moves are as pinned

    # pl (002): "Z pola startowego pion idzie o jedno albo o dwa pola, jeśli droga jest wolna."
    # pl (002): "Z pola startowego idzie o dwa pola, gdy oba są wolne."
    @PAWN-02 @PAWN-04
    Scenario: An enemy bishop two squares ahead leaves the pawn only its single step
      Given White: Kh1 Pd2
      And Black: Ka8 Bd4
      And White to move
      Then the pawn on d2 can move to d3
      And d2-d4 is illegal
      And the legal moves are as pinned

    # pl (002): "nie bije bierki stojącej przed sobą"
    @PAWN-02
    Scenario: A pawn is blocked by its own piece just the same
      Given White: Kh1
      And Black: Ka8 Pd7 Bd6
      And Black to move
      Then the pawn on d7 cannot move
      And the legal moves are as pinned

    # pl (002): "nie bije bierki stojącej przed sobą"
    # pl (002): "Bije o jedno pole na ukos do przodu."
    @PAWN-02 @PAWN-03
    Scenario: After 1. e4 e5 2. d4 d5 the blocked pawns may still capture diagonally
      Given the position after 1. e4 e5 2. d4 d5
      Then the pawn on e4 can move to d5
      And the pawn on d4 can move to e5
      And the legal moves are as pinned

  @fide-3.7.3
  Rule: A pawn captures one square diagonally forward, and only then leaves its file

    # pl (002): "Bije o jedno pole na ukos do przodu."
    # sv (004): "Detta är den enda gången en bonde kan flytta sig till en ruta som inte är rakt framför den."
    @PAWN-03
    Scenario: The pawn on e4 captures left on d5 or right on f5, but not straight ahead on e5
      Given White: Kh1 Pe4
      And Black: Ka8 Nd5 Bf5 Pe5
      And White to move
      Then the pawn on e4 can move to d5 and f5
      And the legal moves are as pinned
      When White plays exd5
      Then there is a white pawn on d5
      And Black has no knights
      And the last move changed only e4 and d5

    # pl (002): "Bije o jedno pole na ukos do przodu."
    @PAWN-03
    Scenario: A pawn captures neither backwards nor sideways
      Given White: Kh1 Pe4
      And Black: Ka8 Nd3 Rd4
      And White to move
      Then the pawn on e4 can move to e5
      And e4xd3 is illegal
      And e4xd4 is illegal
      And the legal moves are as pinned

    # sv (004): "Detta är den enda gången en bonde kan flytta sig till en ruta som inte är rakt framför den."
    @PAWN-03
    Scenario: Without a piece to capture a pawn may not move diagonally
      Given White: Kh1 Pe4
      And Black: Ka8
      And White to move
      Then the pawn on e4 can move to e5
      And e4-d5 is illegal
      And e4-f5 is illegal
      And the legal moves are as pinned

    # pl (002): "Bije o jedno pole na ukos do przodu."
    @PAWN-03
    Scenario: A black pawn captures diagonally forward - downwards, on c4 or e4
      Given White: Kh1 Nc4 Be4 Pd4
      And Black: Kh8 Pd5
      And Black to move
      Then the pawn on d5 can move to c4 and e4
      And the legal moves are as pinned

  @fide-3.7.2
  Rule: From its starting square a pawn may move one or two squares; after that, one at a time

    # pl (002): "Czy pion w pierwszym ruchu musi iść o dwa pola?"
    # pl (002): "Z pola startowego pion idzie o jedno albo o dwa pola, jeśli droga jest wolna."
    # sv (004): "en bonde som ännu inte har flyttat sig i spelet kan flytta sig två rutor framåt, eller bara en"
    @PAWN-04 @faq
    Scenario: FAQ - on its first move a pawn may go one square or two; it need not go two
      Given the initial position
      Then the pawn on e2 can move to e3 and e4
      And the legal moves are as pinned
      When White plays e2-e3
      Then there is a white pawn on e3
      And Black is to move

    # pl (002): "Czy pion w pierwszym ruchu musi iść o dwa pola?"
    # pl (002): "Po zejściu z tego pola za każdym razem idzie o jedno."
    @PAWN-04 @faq
    Scenario: FAQ - once it has left its starting square the pawn goes one square at a time
      Given the position after 1. e3 e6
      Then the pawn on e3 can move to e4
      And e3-e5 is illegal
      And the legal moves are as pinned

    # sv (004): "en bonde som ännu inte har flyttat sig i spelet kan flytta sig två rutor framåt, eller bara en"
    @PAWN-04
    Scenario: A black pawn on its starting square has the same choice
      Given the position after 1. e4
      Then the pawn on d7 can move to d6 and d5
      And the pawn on h7 can move to h6 and h5
      And the legal moves are as pinned
