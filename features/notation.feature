Feature: Writing moves down
  The squares are named by a file letter a to h and a rank number 1 to 8, and
  a move is written with the squares it goes between. The sources write the
  same moves in several ways: long (e2-e4, Kg1-g2, b5xa6), short (e4, Kg2,
  exd6), as computers exchange them (e2e4), and castling as 0-0 or O-O. Each
  way must name one and the same move. (FIDE Laws of Chess, Appendix C.)

  @fide-C.13
  Rule: Castling is written 0-0 for the short side and 0-0-0 for the long side; O-O and O-O-O are the same moves

    # sv (000): "Vits korta rockad skrivs 0-0."
    @NOTE-01
    Scenario Outline: <side> castles written <written>: the king goes to <king> and the rook to <rook>
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8 Ra8 Rh8
      And <side> to move
      And White may still castle both ways
      And Black may still castle both ways
      When <side> plays <written>
      Then there is a <colour> king on <king>
      And there is a <colour> rook on <rook>
      And the legal moves are as pinned

      Examples:
        | side  | colour | written | king | rook |
        | White | white  | 0-0     | g1   | f1   |
        | White | white  | O-O     | g1   | f1   |
        | White | white  | e1g1    | g1   | f1   |
        | White | white  | 0-0-0   | c1   | d1   |
        | White | white  | O-O-O   | c1   | d1   |
        | Black | black  | O-O     | g8   | f8   |
        | Black | black  | 0-0-0   | c8   | d8   |

    # sv (000): "Vits korta rockad skrivs 0-0."
    @NOTE-01
    Scenario: When only long castling is allowed, 0-0-0 and O-O-O name it and 0-0 and O-O name nothing
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      And O-O-O is legal
      But 0-0 is illegal
      And O-O is illegal
      And the legal moves are as pinned

  @fide-C.8
  Rule: A move names the squares it goes between; long, short and computer notation name the same move

    # pl (002): "Współrzędne nazywają ruch: e2-e4 to przejście białego piona z e2 na e4."
    @BOARD-08 @NOTE-02 @fide-C.4 @fide-C.8
    Scenario Outline: From the initial position <written> is the white pawn going from e2 to e4
      Given the initial position
      When White plays <written>
      Then there is a white pawn on e4
      And e2 and e3 are empty
      And Black is to move
      And the legal moves are as pinned

      Examples:
        | written |
        | e2-e4   |
        | e4      |
        | e2e4    |

    # sv (000): "Vit spelar Kg1-g2 i stället för att slå, och svart svarar Kh8-h7. Nu är b5xa6 inte längre tillåtet"
    @NOTE-02 @fide-C.2 @fide-C.8
    Scenario Outline: Figure 10 - the king move written <written> takes the king from g1 to g2
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
      And White plays <written>
      Then there is a white king on g2
      And g1 is empty
      And there is a white pawn on b5
      And Black is to move
      And the legal moves are as pinned

      Examples:
        | written |
        | Kg1-g2  |
        | Kg2     |
        | g1g2    |

    # sv (000): "Vit spelar Kg1-g2 i stället för att slå, och svart svarar Kh8-h7. Nu är b5xa6 inte längre tillåtet"
    @NOTE-02 @EP-02 @fide-3.7.3.1
    Scenario Outline: Figure 10 - the en passant capture written <written> puts the pawn on a6 and removes the pawn on a5
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
      And White plays <written>
      Then there is a white pawn on a6
      And a5 and b5 are empty
      And the legal moves are as pinned

      Examples:
        | written |
        | b5xa6   |
        | bxa6    |
        | b5a6    |

    # sv (000): "Om svart slog d4xe3 en passant skulle både d4 och e4 tömmas, och tornet skulle ge schack längs fjärde raden."
    @NOTE-02 @EP-02 @fide-3.7.3.1
    Scenario Outline: Figure 11 without the rook - d4xe3 is allowed, here written <written>
      Given the board
        | 8 | . | . | . | . | . | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | k | . | . | p | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | P | . | . | . |
        | 1 | . | . | . | . | . | . | K | . |
      And White to move
      When White plays e2-e4
      And Black plays <written>
      Then there is a black pawn on e3
      And d4 and e4 are empty
      And the legal moves are as pinned

      Examples:
        | written |
        | d4xe3   |
        | dxe3    |
        | d4e3    |

    # de (001): "darf der weiße Bauer e5 mit exd6 schlagen"
    @NOTE-02 @EP-02 @fide-3.7.3.1 @fide-C.9.3
    Scenario Outline: German example - the capture written <written> puts the pawn on d6 and removes the pawn on d5
      Given White: Ke1 Pe5
      And Black: Ke8 Pd7
      And Black to move
      When Black plays d7-d5
      And White plays <written>
      Then there is a white pawn on d6
      And d5 and e5 are empty
      And the legal moves are as pinned

      Examples:
        | written |
        | exd6    |
        | e5xd6   |
        | e5d6    |

    @NOTE-02 @PROMO-01 @fide-3.7.3.3 @fide-C.11
    Scenario Outline: The promotion written <written> puts a white queen on a8
      Given White: Kc1 Pa7
      And Black: Kh5
      And White to move
      When White plays <written>
      Then there is a white queen on a8
      And a7 is empty
      And the legal moves are as pinned

      Examples:
        | written |
        | a7-a8=Q |
        | a8=Q    |
        | a8Q     |
        | a7a8q   |

    @NOTE-02 @fide-C.10.1 @fide-C.10.1.1 @fide-C.10.1.2 @fide-C.10.1.3
    Scenario Outline: Two rooks can go to d1: <written> names the rook from <from>
      Given White: Kg1 Ra1 Rf1
      And Black: Kg8
      And White to move
      When White plays <written>
      Then there is a white rook on d1
      And <from> is empty
      And there is a white rook on <other>
      And the legal moves are as pinned

      Examples:
        | written | from | other |
        | Ra1-d1  | a1   | f1    |
        | Rad1    | a1   | f1    |
        | Rf1-d1  | f1   | a1    |
        | Rfd1    | f1   | a1    |

  @fide-C.3
  Rule: Each player may write the pieces with the letters of his or her own language

    # FIDE Appendix C.3, in our words: the piece letters may be those used
    # in the player's country; the move is the same.
    Scenario Outline: <written> written in <language> is the knight going from g1 to f3
      Given the initial position
      When White plays <written> written in <language>
      Then there is a white knight on f3
      And g1 is empty

      Examples:
        | written | language |
        | Nf3     | English  |
        | Sf3     | German   |
        | Sf3     | Swedish  |
        | Sf3     | Polish   |
        | Кf3     | Russian  |

  @fide-C.9.1 @fide-C.9.2
  Rule: A capture by a piece is written with an x between the piece's letter and the square

    # FIDE Appendix C.8 and C.9, in our words: the piece letter, x, then the
    # square of arrival; the square of departure may be written too.
    Scenario Outline: <written> is the bishop on b2 taking the knight on e5
      Given White: Kg1 Bb2
      And Black: Kg8 Ne5
      And White to move
      When White plays <written>
      Then there is a white bishop on e5
      And b2 is empty

      Examples:
        | written |
        | Bxe5    |
        | Bb2xe5  |

  @fide-C.10
  Rule: When two pieces of a kind can go to a square, the move says which one

    # FIDE Appendix C.10.2, in our words: two pieces on one file are told
    # apart by the rank they leave.
    @fide-C.10.2 @fide-C.10.2.1 @fide-C.10.2.2 @fide-C.10.2.3
    Scenario Outline: Rooks on a1 and a5 can both go to a3: <written> names the rook from <from>
      Given White: Kg1 Ra1 Ra5
      And Black: Kg8
      And White to move
      When White plays <written>
      Then there is a white rook on a3
      And <from> is empty
      And there is a white rook on <other>

      Examples:
        | written | from | other |
        | R1a3    | a1   | a5    |
        | R5a3    | a5   | a1    |

    # FIDE Appendix C.10.3, in our words, with its own three examples: two
    # knights on one rank are told apart by their files, on one file by
    # their ranks, and on different ranks and files by their files.
    @fide-C.10.3 @fide-C.10.3.1 @fide-C.10.3.2 @fide-C.10.3.3
    Scenario Outline: Knights on <first> and <second> can both go to f3: <written> names the knight from <from>
      Given White: Kb1 N<first> N<second>
      And Black: Kb8
      And White to move
      When White plays <written>
      Then there is a white knight on f3
      And <from> is empty

      Examples:
        | first | second | written | from |
        | g1    | e1     | Ngf3    | g1   |
        | g1    | e1     | Nef3    | e1   |
        | g5    | g1     | N5f3    | g5   |
        | g5    | g1     | N1f3    | g1   |
        | h2    | d4     | Nhf3    | h2   |
        | h2    | d4     | Ndf3    | d4   |

    # FIDE Appendix C.10.3.4, in our words: with a capture on f3 the same
    # letters and numbers are written, with an x before the square.
    @fide-C.10.3.4
    Scenario Outline: Knights on <first> and <second> can both take the pawn on f3: <written> names the knight from <from>
      Given White: Kb1 N<first> N<second>
      And Black: Kb8 Pf3
      And White to move
      When White plays <written>
      Then there is a white knight on f3
      And <from> is empty

      Examples:
        | first | second | written | from |
        | g1    | e1     | Ngxf3   | g1   |
        | g5    | g1     | N1xf3   | g1   |
        | h2    | d4     | Ndxf3   | d4   |
