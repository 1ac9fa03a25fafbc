Feature: Promotion
  A pawn that reaches the last rank does not stay a pawn: in the same move it
  is replaced by a queen, a rook, a bishop or a knight of its own colour, as
  the player chooses, never by a king. The new piece works at once, and it
  does not matter which pieces are still on the board: a second queen is
  allowed. (FIDE Laws of Chess, articles 3.7.3.3 to 3.7.3.5.)

  @fide-3.7.3.3
  Rule: A pawn reaching the last rank is replaced in the same move by a queen, rook, bishop or knight of its colour

    # de (001): "Auf der letzten Reihe wird der Bauer im selben Zug durch Dame, Turm, Läufer oder Springer seiner Farbe ersetzt."
    @PROMO-01
    Scenario Outline: White promotes a7-a8 to a <piece>
      Given White: Kc1 Pa7
      And Black: Kh5
      And White to move
      When White plays <move>
      Then there is a white <piece> on a8
      And a7 is empty
      And Black is to move
      And the legal moves are as pinned

      Examples:
        | piece  | move    |
        | queen  | a7-a8=Q |
        | rook   | a7-a8=R |
        | bishop | a7-a8=B |
        | knight | a7-a8=N |

    # de (001): "Auf der letzten Reihe wird der Bauer im selben Zug durch Dame, Turm, Läufer oder Springer seiner Farbe ersetzt."
    @PROMO-01
    Scenario Outline: Black promotes h2-h1 to a <piece>
      Given White: Ka5
      And Black: Kd8 Ph2
      And Black to move
      When Black plays <move>
      Then there is a black <piece> on h1
      And h2 is empty
      And White is to move
      And the legal moves are as pinned

      Examples:
        | piece  | move    |
        | queen  | h2-h1=Q |
        | rook   | h2-h1=R |
        | bishop | h2-h1=B |
        | knight | h2-h1=N |

    # pl (002): "Nie zostaje pionem i nie staje się królem."
    # sv (004): "ersätts av en annan pjäs som spelaren väljer, utom en kung eller en bonde"
    @PROMO-01
    Scenario Outline: The pawn may not <what>: <move> is rejected
      Given White: Kc1 Pa7
      And Black: Kh5
      And White to move
      When White tries <move>
      Then the move is rejected
      And White is still to move
      And the board is unchanged
      And there is a white pawn on a7
      And a8 is empty
      And the legal moves are as pinned

      Examples:
        | what                        | move    |
        | become a king               | a7-a8=K |
        | stay a pawn                 | a7-a8   |
        | stay a pawn, written short  | a8      |
        | stay a pawn, written in UCI | a7a8    |

    # pl (002): "Ta szachownica na razie każdą promocję zamienia na hetmana."
    # pl (002): "Nie zostaje pionem i nie staje się królem."
    @PROMO-06 @PROMO-01 @faq
    Scenario: FAQ - a pawn may promote to a rook, a bishop or a knight: all four pieces are offered
      Given White: Kc1 Pa7
      And Black: Kh5
      And White to move
      Then the pawn on a7 can move to a8
      And the legal moves are Kb1, Kb2, Kc2, Kd1, Kd2, a8=Q, a8=R, a8=B and a8=N
      And the legal moves are as pinned

    # de (001): "Auf der letzten Reihe wird der Bauer im selben Zug durch Dame, Turm, Läufer oder Springer seiner Farbe ersetzt."
    @PROMO-01
    Scenario: A capture onto the last rank promotes too, to any of the four pieces
      Given White: Kc1 Pb7
      And Black: Kh5 Ra8 Nc8
      And White to move
      Then the pawn on b7 can move to a8, b8 and c8
      And bxa8=Q is legal
      And bxa8=N is legal
      And bxc8=R is legal
      And bxc8=B is legal
      And b7xa8 is illegal
      And White has 17 legal moves
      And the legal moves are as pinned
      When White plays bxa8=N
      Then there is a white knight on a8
      And b7 is empty
      And there is a black knight on c8

    # de (001): "Kann ich en passant oder die Umwandlung verschieben?"
    # de (001): "die Umwandlung gehört zum Erreichen der letzten Reihe"
    @EP-09 @PROMO-01 @PROMO-02 @faq
    Scenario: FAQ - the promotion cannot be put off: the rook stands on a8 at once and guards the eighth rank
      Given White: Kc1 Pa7
      And Black: Kg7
      And White to move
      When White plays a7-a8=R
      Then Black is to move
      And there is a white rook on a8
      And the king on g7 can move to f6, f7, g6, h6 and h7
      And the legal moves are as pinned

  @fide-3.7.3.5
  Rule: The new piece acts at once

    # de (001): "Die neue Figur wirkt sofort."
    @PROMO-02
    Scenario Outline: The new <piece> on a8 gives check at once to the king on <king>
      Given White: Kc1 Pa7
      And Black: K<king>
      And White to move
      When White plays <move>
      Then Black is in check from a8
      And Black is not checkmated
      And the legal moves are as pinned

      Examples:
        | piece  | king | move  |
        | queen  | h8   | a8=Q+ |
        | rook   | e8   | a8=R+ |
        | bishop | e4   | a8=B+ |
        | knight | c7   | a8=N+ |

    # de (001): "Die neue Figur wirkt sofort."
    @PROMO-02
    Scenario Outline: On White's next move the new <piece> on a8 moves as a <piece>
      Given White: Kc1 Pa7
      And Black: Kh5 Pg7
      And White to move
      When White plays <move>
      And Black plays Kh4
      Then the <piece> on a8 can move to <targets>
      And the legal moves are as pinned

      Examples:
        | piece  | move | targets                       |
        | knight | a8=N | b6 and c7                     |
        | bishop | a8=B | b7, c6, d5, e4, f3, g2 and h1 |

  @fide-3.7.3.4
  Rule: The choice does not depend on the pieces already captured: two queens are allowed

    # de (001): "Sie muss nicht zuvor geschlagen worden sein: Zwei Damen sind erlaubt."
    # pl (002): "dwa hetmany mogą stać jednocześnie"
    @PROMO-03
    Scenario: A second white queen joins the queen on d2
      Given White: Kc1 Qd2 Pa7
      And Black: Kh5
      And White to move
      When White plays a7-a8=Q
      Then there is a white queen on a8
      And there is a white queen on d2
      And Black is to move
      And the legal moves are as pinned

    # de (001): "Sie muss nicht zuvor geschlagen worden sein: Zwei Damen sind erlaubt."
    @PROMO-03
    Scenario Outline: With all its pieces still on the board White may promote to a <piece>
      Given White: Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Nb1 Ng1 Pa7
      And Black: Kg6
      And White to move
      When White plays <move>
      Then there is a white <piece> on a8
      And there is a white queen on d1
      And there is a white <piece> on <original>
      And the legal moves are as pinned

      Examples:
        | piece  | move    | original |
        | queen  | a7-a8=Q | d1       |
        | rook   | a7-a8=R | h1       |
        | bishop | a7-a8=B | f1       |
        | knight | a7-a8=N | g1       |

  @fide-3.7.3.3 @fide-5.2.2
  Rule: Choose the piece by its effect: in the German teaching position a queen or a rook mates, a bishop or a knight does not

    # de (001): "In genau dieser Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer toten Stellung und damit zum Remis."
    @PROMO-04
    Scenario: German teaching position - a7-a8 may promote to any of the four pieces
      Given the board
        | 8 | . | . | . | k | . | . | . | . |
        | 7 | P | . | . | . | . | . | . | . |
        | 6 | . | . | . | K | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | . | . |
      And White to move
      Then a7-a8=Q is legal
      And a7-a8=R is legal
      And a7-a8=B is legal
      And a7-a8=N is legal
      And the legal moves are as pinned

    # de (001): "In genau dieser Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer toten Stellung und damit zum Remis."
    @PROMO-04 @PROMO-02
    Scenario Outline: German teaching position - a7-a8=<letter> checkmates the king on d8
      Given the board
        | 8 | . | . | . | k | . | . | . | . |
        | 7 | P | . | . | . | . | . | . | . |
        | 6 | . | . | . | K | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | . | . |
      And White to move
      When White plays a7-a8=<letter>#
      Then Black is in check from a8
      And Black is checkmated
      And Black has 0 legal moves
      And the legal moves are as pinned

      Examples:
        | letter |
        | Q      |
        | R      |

    # de (001): "In genau dieser Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer toten Stellung und damit zum Remis."
    @PROMO-04
    Scenario Outline: German teaching position - a7-a8=<letter> does not checkmate
      Given the board
        | 8 | . | . | . | k | . | . | . | . |
        | 7 | P | . | . | . | . | . | . | . |
        | 6 | . | . | . | K | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | . | . |
      And White to move
      When White plays a7-a8=<letter>
      Then there is a white <piece> on a8
      And Black is not in check
      And Black is not checkmated
      And Black is not stalemated
      And the king on d8 can move to c8 and e8
      And the legal moves are as pinned

      Examples:
        | letter | piece  |
        | B      | bishop |
        | N      | knight |

    # de (001): "In genau dieser Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer toten Stellung und damit zum Remis."
    @PROMO-04 @DRAW-02 @fide-5.2.2
    Scenario Outline: German teaching position - after a7-a8=<letter> the position is dead and the game is drawn
      Given the board
        | 8 | . | . | . | k | . | . | . | . |
        | 7 | P | . | . | . | . | . | . | . |
        | 6 | . | . | . | K | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | . | . | . | . |
      And White to move
      Then the legal moves are as pinned
      When White plays a7-a8=<letter>
      Then the position is dead
      And the game is drawn by insufficient material

      Examples:
        | letter |
        | B      |
        | N      |

  Rule: An underpromotion can avoid stalemate or give a useful knight check

    # de (001): "In anderen Stellungen kann eine Unterverwandlung Patt vermeiden oder ein hilfreiches Springerschach geben."
    # pl (002): "W niektórych pozycjach hetman daje pata, a skoczek od razu daje szach"
    @PROMO-05 @faq
    Scenario Outline: After c7-c8=<letter> the black king on a7 <result>
      Given White: Kc6 Pc7
      And Black: Ka7
      And White to move
      When White plays <move>
      Then Black is <check>
      And Black is <stalemate>
      And Black has <moves>
      And the legal moves are as pinned

      Examples:
        | letter | move  | result            | check        | stalemate      | moves         |
        | Q      | c8=Q  | is stalemated     | not in check | stalemated     | 0 legal moves |
        | R      | c8=R  | has one move, Ka6 | not in check | not stalemated | 1 legal move  |
        | B      | c8=B  | has two moves     | not in check | not stalemated | 2 legal moves |
        | N      | c8=N+ | is in check       | in check     | not stalemated | 3 legal moves |

    # de (001): "In anderen Stellungen kann eine Unterverwandlung Patt vermeiden oder ein hilfreiches Springerschach geben."
    @PROMO-05
    Scenario: The rook promotion avoids the stalemate and mates on the next move
      Given White: Kc6 Pc7
      And Black: Ka7
      And White to move
      When White plays c8=R
      Then the legal moves are Ka6
      When Black plays Ka6
      Then Ra8# is legal
      And the legal moves are as pinned
      When White plays Ra8#
      Then Black is checkmated

    # pl (002): "W niektórych pozycjach hetman daje pata, a skoczek od razu daje szach"
    @PROMO-05 @faq
    Scenario Outline: With the black king shut in on a7, c7-c8=<letter> <result>
      Given White: Kb5 Pc7
      And Black: Ka7 Ra8 Bb8 Pb7
      And White to move
      When White plays <move>
      Then Black is <check>
      And Black is <mate>
      And the legal moves are as pinned

      Examples:
        | letter | move  | result                   | check        | mate           |
        | N      | c8=N# | checkmates               | in check     | checkmated     |
        | Q      | c8=Q  | does not even give check | not in check | not checkmated |
