Feature: The board and the initial position
  Chess is played on a board of 64 squares: eight files, lettered a to h, and
  eight ranks, numbered 1 to 8 from White's side. The board is turned so that
  each player has a light square in the right-hand corner. Every game starts
  from the same position; White moves first, and then the players take turns,
  moving one piece a move. (FIDE Laws of Chess, articles 1 and 2.)

  @fide-2.1 @fide-2.4
  Rule: The board has eight files a to h and eight ranks 1 to 8, sixty-four squares

    # pl (002): "Szachownica ma osiem linii i osiem rzędów, razem sześćdziesiąt cztery pola."
    @BOARD-01 @fide-1.1
    Scenario: The board has eight files, eight ranks and sixty-four squares
      Then the board has 8 files a to h, 8 ranks 1 to 8 and 64 squares

    # pl (002): "Szachownica ma osiem linii i osiem rzędów, razem sześćdziesiąt cztery pola."
    @BOARD-01
    Scenario Outline: A rook on <square> reaches the seven other squares of its file and of its rank
      Given White: <white>
      And Black: <black>
      And White to move
      Then the rook on <square> can move to <squares>
      And the legal moves are as pinned

      Examples:
        | square | white   | black | squares                                                        |
        | a1     | Kc3 Ra1 | Kf6   | a2, a3, a4, a5, a6, a7, a8, b1, c1, d1, e1, f1, g1 and h1      |
        | d4     | Kb1 Rd4 | Kh6   | d1, d2, d3, d5, d6, d7, d8, a4, b4, c4, e4, f4, g4 and h4      |
        | h8     | Kb6 Rh8 | Kd2   | h1, h2, h3, h4, h5, h6, h7, a8, b8, c8, d8, e8, f8 and g8      |

    # pl (002): "Szachownica ma osiem linii i osiem rzędów, razem sześćdziesiąt cztery pola."
    # pl (002): "Rząd najbliższy białym jest pierwszym, a linie od lewej strony białych do prawej oznaczasz od a do h."
    @BOARD-01
    Scenario: The first rank is White's, and the files run from a on White's left to h on White's right
      Given the initial position
      Then there is a white rook on a1
      And there is a white rook on h1
      And there is a black rook on a8
      And there is a black rook on h8
      And the pawn on e2 can move to e3 and e4
      And the legal moves are as pinned
      When White plays e2-e4
      Then the pawn on e7 can move to e6 and e5

  @fide-2.1
  Rule: The board is placed with a light square in each player's right-hand corner

    # pl (002): "prawe dolne pole jest jasne"
    @BOARD-02
    Scenario Outline: The right-hand corner <right> seen from <player>'s side is light, the left-hand corner <left> is dark
      Then <right> is a light square
      And <left> is a dark square

      Examples:
        | player | right | left |
        | White  | h1    | a1   |
        | Black  | a8    | h8   |

    # pl (002): "prawe dolne pole jest jasne"
    @BOARD-02
    Scenario: The colours alternate along a rank, and a diagonal keeps one colour
      Then b1, d1, f1 and h1 are light squares
      And a1, c1, e1 and g1 are dark squares
      And a1, b2, c3, d4, e5, f6, g7 and h8 are dark squares
      And a8, b7, c6, d5, e4, f3, g2 and h1 are light squares

    # pl (002): "prawe dolne pole jest jasne"
    # pl (002): "Najpierw ustaw kierunek szachownicy, potem bierki."
    @BOARD-02
    Scenario: On a board set up the right way the rooks in the right-hand corners stand on light squares
      Given the initial position
      Then there is a white rook on h1
      And h1 is a light square
      And there is a black rook on a8
      And a8 is a light square
      And the legal moves are as pinned

  @fide-2.3
  Rule: In the initial position the pieces stand rook, knight, bishop, queen and king, with eight pawns in front

    # pl (002): "stoją wieża, skoczek i goniec, a w środku hetman i król. Osiem pionów stoi na rzędzie przed nimi"
    # sv (004): "så varje spelare börjar med åtta bönder"
    @BOARD-03
    Scenario: The initial position, rank by rank
      Given the initial position
      Then the board is
        | 8 | r | n | b | q | k | b | n | r |
        | 7 | p | p | p | p | p | p | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | P | P | P | P | P | P | P | P |
        | 1 | R | N | B | Q | K | B | N | R |
      And the legal moves are as pinned

    # sv (004): "så varje spelare börjar med åtta bönder"
    @BOARD-03 @fide-2.2
    Scenario: Each side starts with sixteen pieces: eight pawns, two rooks, two knights, two bishops, a queen and a king
      Given the initial position
      Then White has 8 pawns
      And White has 2 rooks
      And White has 2 knights
      And White has 2 bishops
      And White has 1 queen
      And White has 1 king
      And Black has 8 pawns
      And Black has 2 rooks
      And Black has 2 knights
      And Black has 2 bishops
      And Black has 1 queen
      And Black has 1 king
      And the legal moves are as pinned

  @fide-2.3
  Rule: Each queen starts on a square of her own colour, next to her king

    # pl (002): "Hetman białych stoi na jasnym polu d1, hetman czarnych na ciemnym polu d8. Królowie stoją na e1 i e8."
    @BOARD-04
    Scenario: The white queen stands on the light square d1, the black queen on the dark square d8
      Given the initial position
      Then there is a white queen on d1
      And d1 is a light square
      And there is a black queen on d8
      And d8 is a dark square
      And there is a white king on e1
      And there is a black king on e8
      And the legal moves are as pinned

    # sv (004): "De två drottningarna står alltså exakt mittemot varandra i början."
    @BOARD-04
    Scenario: The queens stand exactly opposite each other: once the d-file is open they see each other
      Given the position after 1. d4 c5 2. dxc5 d6 3. cxd6 Nf6 4. dxe7 Bxe7
      Then there is a white queen on d1
      And there is a black queen on d8
      And the queen on d1 can move to d2, d3, d4, d5, d6, d7 and d8
      And the legal moves are as pinned

  @fide-2.3
  Rule: The rooks start in the corners, the knights next to them, the bishops next to the knights

    # sv (004): "Riddarna placeras på den andra och sjunde rutan på raderna närmast varje spelare"
    # sv (004): "en löpare på den tredje från vänster och tredje från höger"
    @BOARD-05
    Scenario Outline: The <piece>s start on <w1> and <w2> for White and on <b1> and <b2> for Black
      Given the initial position
      Then there is a white <piece> on <w1>
      And there is a white <piece> on <w2>
      And there is a black <piece> on <b1>
      And there is a black <piece> on <b2>
      And the legal moves are as pinned

      Examples:
        | piece  | w1 | w2 | b1 | b2 |
        | rook   | a1 | h1 | a8 | h8 |
        | knight | b1 | g1 | b8 | g8 |
        | bishop | c1 | f1 | c8 | f8 |

  @fide-1.2
  Rule: White moves first

    # pl (002): "Białe zaczynają"
    @BOARD-06
    Scenario: White makes the first move of the game, with twenty moves to choose from
      Given the initial position
      Then White is to move
      And White has 20 legal moves
      And the legal moves are as pinned

    # pl (002): "Białe zaczynają"
    @BOARD-06
    Scenario: Black cannot open the game; Black's pieces move only after White's first move
      Given the initial position
      Then White is to move
      And White has 20 legal moves
      And the legal moves are as pinned
      When White plays e2-e4
      Then Black is to move
      And the pawn on e7 can move to e6 and e5
      And Ng8-f6 is legal

  @fide-1.2 @fide-3.8.2
  Rule: Each move moves one piece, a player may not pass, and the players take turns

    # pl (002): "W każdym ruchu rusza się jedna bierka. Ruchu nie oddajesz. Po wykonaniu kolej przechodzi na drugą stronę."
    @BOARD-07
    Scenario: The move e2-e4 moves one piece, and then it is Black's turn
      Given the initial position
      When White plays e2-e4
      Then the last move changed only e2 and e4
      And Black is to move
      And Black has 20 legal moves
      And the legal moves are as pinned

    # pl (002): "Po wykonaniu kolej przechodzi na drugą stronę."
    @BOARD-07
    Scenario: The players take turns - White, Black, White, Black
      Given the initial position
      When White plays e4
      Then Black is to move
      When Black plays e5
      Then White is to move
      When White plays Nf3
      Then Black is to move
      And the legal moves are as pinned

    # pl (002): "Po wykonaniu kolej przechodzi na drugą stronę."
    @BOARD-07 @fide-1.3
    Scenario: After his move a player cannot move again until his opponent has moved
      Given the initial position
      When White plays e4
      Then Black is to move
      And Black has 20 legal moves
      And the legal moves are as pinned
      When Black plays Nf6
      Then White is to move
      And the knight on g1 can move to e2, f3 and h3
      And the pawn on e4 can move to e5

    # pl (002): "Ruchu nie oddajesz."
    @BOARD-07
    Scenario: A player may not pass at the start of the game
      Given the initial position
      Then the legal moves are as pinned
      When White tries to pass
      Then the move is rejected
      And White is still to move
      And the board is unchanged

    # pl (002): "Ruchu nie oddajesz."
    @BOARD-07
    Scenario: A player may not pass even when every move harms him - the white king must leave the pawn on d4
      Given White: Kc5 Pd4
      And Black: Ke4 Pd5
      And White to move
      Then the legal moves are Kb4, Kb5, Kb6, Kc6 and Kd6
      And the legal moves are as pinned
      When White tries to pass
      Then the move is rejected
      And White is still to move
      And the board is unchanged

    # sv (000): "Rockad är det enda draget där du flyttar två pjäser på en gång."
    @BOARD-07
    Scenario: Castling is the only move in which two pieces move
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White plays 0-0
      Then the last move changed only e1, f1, g1 and h1
      And Black is to move

  @fide-C.8
  Rule: Coordinates name a move: the square a piece leaves and the square it goes to

    # pl (002): "Współrzędne nazywają ruch: e2-e4 to przejście białego piona z e2 na e4."
    @BOARD-08 @fide-C.4 @fide-C.5 @fide-C.6
    Scenario: e2-e4 takes the white pawn from e2 to e4
      Given the initial position
      Then e2-e4 is legal
      And the legal moves are as pinned
      When White plays e2-e4
      Then there is a white pawn on e4
      And e2 is empty
      And the last move changed only e2 and e4

    # pl (002): "Współrzędne nazywają ruch: e2-e4 to przejście białego piona z e2 na e4."
    @BOARD-08 @fide-C.1 @fide-C.2
    Scenario Outline: <move> takes the white <piece> from <from> to <to>
      Given the initial position
      When White plays <move>
      Then there is a white <piece> on <to>
      And <from> is empty
      And the last move changed only <from> and <to>
      And the legal moves are as pinned

      Examples:
        | move   | piece  | from | to |
        | d2-d3  | pawn   | d2   | d3 |
        | Ng1-f3 | knight | g1   | f3 |
        | Nb1-c3 | knight | b1   | c3 |

    # pl (002): "Współrzędne nazywają ruch: e2-e4 to przejście białego piona z e2 na e4."
    @BOARD-08
    Scenario: Black's moves use the same coordinates - e7-e5 takes the black pawn from e7 to e5
      Given the position after 1. e2-e4
      Then e7-e5 is legal
      And the legal moves are as pinned
      When Black plays e7-e5
      Then there is a black pawn on e5
      And e7 is empty

    # pl (002): "Współrzędne nazywają ruch: e2-e4 to przejście białego piona z e2 na e4."
    @BOARD-08 @fide-3.10.2 @fide-C.7
    Scenario: Coordinates that name no legal move are illegal
      Given the initial position
      Then e2-e5 is illegal
      And Bf1-c4 is illegal
      And Ng1-e2 is illegal
      And the legal moves are as pinned
