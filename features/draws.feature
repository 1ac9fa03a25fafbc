Feature: Draws and material
  A game is drawn when neither side can ever checkmate (too little material,
  or a position where no series of legal moves leads to mate), by stalemate,
  by agreement, or on a claim after fifty moves without a capture or pawn
  move or when the same position occurs for the third time. Some draws come
  by themselves: stalemate, a dead position, seventy-five moves, the fifth
  occurrence of a position. (FIDE Laws of Chess, articles 5 and 9.)

  Rule: Pieces have conventional values; the king has none

    # sv (004): "En bonde är värd 1 poäng."
    # sv (004): "Drottningen är värd 9 poäng."
    @VALUE-01
    Scenario Outline: A <piece> is worth <points>
      Given the initial position
      Then the legal moves are as pinned
      Then a <piece> is worth <points> points

      Examples:
        | piece  | points |
        | pawn   | 1      |
        | knight | 3      |
        | bishop | 3      |
        | rook   | 5      |
        | queen  | 9      |

    # sv (004): "Inget numeriskt värde kan sättas på den."
    @VALUE-01
    Scenario: The king has no point value, and each side starts with 39 points of material
      Given the initial position
      Then the king has no point value
      And White has 39 points of material
      And the legal moves are as pinned

    # sv (004): "En bonde är värd 1 poäng."
    @VALUE-01
    Scenario: Material changes with a capture
      Given the position after 1. e4 d5 2. exd5 Qxd5
      Then the legal moves are as pinned
      Then White has 38 points of material
      And Black has 38 points of material

  @fide-5.2.2 @fide-1.5
  Rule: Without material to checkmate, the game is drawn

    # pl (002): "żadna strona nie ma materiału na mata"
    @DRAW-01
    Scenario Outline: <material> cannot checkmate, so the game is drawn
      Given White: <white>
      And Black: <black>
      And White to move
      Then the legal moves are as pinned
      Then the game is drawn by insufficient material
      And White cannot checkmate with the material left
      And Black cannot checkmate with the material left

      Examples:
        | material                             | white   | black   |
        | king against king                    | Ke1     | Ke8     |
        | king and knight against king         | Ke1 Nb1 | Ke8     |
        | king and bishop against king         | Ke1     | Ke8 Bc8 |
        | bishops on squares of one colour     | Ke1 Bc1 | Ke8 Bf8 |

    # pl (002): "żadna strona nie ma materiału na mata"
    @DRAW-01
    Scenario: A capture that leaves two bare kings ends the game
      Given White: Kh1 Qd2
      And Black: Ke3
      And Black to move
      Then the legal moves are as pinned
      When Black plays Kxd2
      Then the game is drawn by insufficient material

    # pl (002): "żadna strona nie ma materiału na mata"
    @DRAW-01
    Scenario Outline: <material> can still checkmate, so play goes on
      Given White: <white>
      And Black: <black>
      And White to move
      Then the legal moves are as pinned
      Then the game is not over
      And the position is not dead

      Examples:
        | material                              | white       | black       |
        | king and rook against king            | Ke1 Ra1     | Ke8         |
        | two knights against king              | Ke1 Nb1 Ng1 | Ke8         |
        | bishops on squares of both colours    | Ke1 Bc1     | Ke8 Bc8     |
        | king and knight against king and pawn | Ke1 Nb1     | Ke8 Pa7     |

    # pl (002): "żadna strona nie ma materiału na mata"
    @DRAW-01 @fide-6.9
    Scenario: A side with only a king cannot win, whatever the other side has
      Given White: Ke1
      And Black: Ke8 Qd8 Ra8
      And White to move
      Then the legal moves are as pinned
      Then White cannot checkmate with the material left
      But Black can checkmate with the material left
      And the game is not over

  @fide-5.2.2 @fide-1.5
  Rule: A dead position - no series of legal moves can lead to mate - is a draw

    # de (001): "führen zu einer toten Stellung und damit zum Remis"
    @DRAW-02
    Scenario: A locked pawn wall with nothing else is dead, though each side has pawns
      Given White: Kf1 Pa4 Pc4 Pe4 Pg4
      And Black: Kb6 Pa5 Pc5 Pe5 Pg5
      And White to move
      Then the legal moves are as pinned
      And the position is dead
      And the game is drawn by a dead position

    # de (001): "führen zu einer toten Stellung und damit zum Remis"
    @DRAW-02
    Scenario: The same wall with bishops on opposite colours is still dead
      Given White: Kf1 Be2 Pa4 Pc4 Pe4 Pg4
      And Black: Kb6 Bc7 Pa5 Pc5 Pe5 Pg5
      And White to move
      Then the legal moves are as pinned
      Then the position is dead
      And the game is drawn by a dead position

    # de (001): "führen zu einer toten Stellung und damit zum Remis"
    # FIDE 5.2.2, in our words: only a checkmate keeps a position alive. Here every move of Black leaves White without a legal move, so the game can only end in stalemate, never in mate.
    @DRAW-02
    Scenario: White's king is shut in on a1, so every Black move stalemates White: no mate can ever come, and the position is dead
      Given White: Ka1 Bb1 Pa2 Pc2
      And Black: Ke6 Pa3 Pc3
      And Black to move
      Then Black has 8 legal moves
      And the position is dead
      And the game is drawn by a dead position

    # de (001): "führen zu einer toten Stellung und damit zum Remis"
    @DRAW-02
    Scenario Outline: It looks dead, but a mate is still possible: <why>
      Given White: <white>
      And Black: <black>
      And White to move
      Then the legal moves are as pinned
      Then the position is not dead
      And the game is not over

      Examples:
        | why                                      | white                   | black               |
        | the wall has a gap                       | Kf1 Pa4 Pc4 Pe4         | Kb6 Pa5 Pc5 Pe5     |
        | a rook can break through                 | Kf1 Ra1 Pa4 Pc4 Pe4 Pg4 | Kb6 Pa5 Pc5 Pe5 Pg5 |
        | a bishop can mate in the corner          | Kf7 Bc1 Ph6             | Kh8 Ph7             |

    # de (001): "In genau dieser Stellung setzen Dame und Turm matt; Läufer und Springer führen zu einer toten Stellung und damit zum Remis."
    @DRAW-02 @PROMO-04
    Scenario Outline: The German promotion position: a7-a8=<piece> leaves a dead position
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
      When White plays a7-a8=<piece>
      Then Black is not checkmated
      And the position is dead
      And the game is drawn by insufficient material

      Examples:
        | piece |
        | B     |
        | N     |

  @fide-9.3 @fide-9.6.2
  Rule: Fifty moves without a capture or pawn move: a draw can be claimed; at seventy-five the game is drawn

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    # pl (002): "W partii turniejowej pięćdziesiąt posunięć i trzykrotne powtórzenie trzeba zgłosić."
    @DRAW-03
    Scenario: After fifty moves by each side a draw can be claimed, but the game goes on until it is
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 100
      Then a draw can be claimed under the fifty-move rule
      And the game is not over
      And the legal moves are as pinned

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03 @fide-9.3.1
    Scenario: One half-move short, the claim is made by announcing the move that completes the fifty
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 99
      Then the legal moves are as pinned
      Then a draw can be claimed under the fifty-move rule

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03
    Scenario: Two half-moves short, no claim yet
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 98
      Then the legal moves are as pinned
      Then a draw cannot be claimed under the fifty-move rule

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03
    Scenario: A pawn move starts the count again
      Given White: Ke1 Rh1 Pa2
      And Black: Ke8
      And Black to move
      And the half-move clock is 99
      Then the legal moves are as pinned
      When the game continues 1... Kd8 2. a3
      Then a draw cannot be claimed under the fifty-move rule

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03
    Scenario: A capture starts the count again
      Given White: Ke1 Rh1
      And Black: Ke8 Nh4
      And White to move
      And the half-move clock is 99
      Then the legal moves are as pinned
      When White plays Rxh4
      Then a draw cannot be claimed under the fifty-move rule

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03 @DRAW-07 @fide-9.6.2
    Scenario: At seventy-five moves without a capture or pawn move the game is drawn by itself
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 149
      Then the legal moves are as pinned
      When White plays Rh2
      Then the game is drawn by the seventy-five-move rule

    # pl (002): "przez pięćdziesiąt posunięć nikt nie bije i nie rusza pionem"
    @DRAW-03 @fide-9.6.2
    Scenario: A mate on the seventy-fifth move stands
      Given White: Kg6 Ra1
      And Black: Kg8
      And White to move
      And the half-move clock is 149
      Then the legal moves are as pinned
      When White plays Ra8#
      Then Black is checkmated
      And White wins by checkmate

  @fide-9.2
  Rule: The third occurrence of a position allows a claim; the fifth draws by itself

    # pl (002): "Gdy ta sama pozycja pojawia się po raz trzeci, ogłaszasz remis. Powtórzenia nie muszą iść jedno po drugim."
    @DRAW-04 @faq
    Scenario: FAQ - the initial position occurs for the third time
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition
      And the game is not over

    # pl (002): "Gdy ta sama pozycja pojawia się po raz trzeci, ogłaszasz remis. Powtórzenia nie muszą iść jedno po drugim."
    @DRAW-04 @fide-9.2.1
    Scenario: The claim can be made by announcing the move that repeats the position
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1
      Then the position has occurred twice
      And a draw can be claimed by threefold repetition

    # pl (002): "Gdy ta sama pozycja pojawia się po raz trzeci, ogłaszasz remis. Powtórzenia nie muszą iść jedno po drugim."
    @DRAW-04 @faq
    Scenario: FAQ - repetitions need not follow one another, and may come by different move orders
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Nc3 Nc6 3. Nb1 Nb8 4. Ng1 Ng8 5. Nc3 Nc6 6. Nf3 Nf6
      Then the position has occurred twice
      When the game continues 7. Nb1 Nb8 8. Nc3 Nc6
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition

    # pl (002): "Gdy ta sama pozycja pojawia się po raz trzeci, ogłaszasz remis. Powtórzenia nie muszą iść jedno po drugim."
    @DRAW-04
    Scenario: Twice is not enough
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8
      Then the position has occurred twice
      And a draw cannot be claimed by threefold repetition

    # pl (002): "Gdy ta sama pozycja pojawia się po raz trzeci, ogłaszasz remis. Powtórzenia nie muszą iść jedno po drugim."
    @DRAW-04 @DRAW-07 @fide-9.6.1
    Scenario: At the fifth occurrence the game is drawn by itself
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8
      Then the position has occurred 5 times
      And the game is drawn by fivefold repetition

  @fide-9.2.3
  Rule: The same position means the same pieces, side to move, castling rights and possible en passant captures

    # pl (002): "wszystkie bierki na tych samych polach, ta sama strona przy ruchu oraz te same prawa do roszady i do bicia w przelocie"
    @DRAW-05 @faq @fide-9.2.3.2
    Scenario: FAQ - after the rooks have moved, the pieces stand as at the start but the position is a new one
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Rg1 Rg8 3. Rh1 Rh8 4. Ng1 Ng8
      Then the position has occurred once
      When the game continues 5. Nf3 Nf6 6. Ng1 Ng8
      Then the position has occurred twice
      And a draw cannot be claimed by threefold repetition

    # pl (002): "wszystkie bierki na tych samych polach, ta sama strona przy ruchu oraz te same prawa do roszady i do bicia w przelocie"
    @DRAW-05 @fide-9.2.3.1
    Scenario: A pawn that could be captured en passant makes the position different
      Given the position after 1. e4 a6 2. e5 d5
      Then the legal moves are as pinned
      Then exd6 is legal
      When the game continues 3. Nf3 Nf6 4. Ng1 Ng8
      Then the position has occurred once

    # pl (002): "wszystkie bierki na tych samych polach, ta sama strona przy ruchu oraz te same prawa do roszady i do bicia w przelocie"
    @DRAW-05
    Scenario: A double step that no pawn can capture does not make the position different
      Given the position after 1. e4
      Then the legal moves are as pinned
      When the game continues 1... Nf6 2. Nf3 Ng8 3. Ng1
      Then the position has occurred twice
      When the game continues 3... Nf6 4. Nf3 Ng8 5. Ng1
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition

    # pl (002): "wszystkie bierki na tych samych polach, ta sama strona przy ruchu oraz te same prawa do roszady i do bicia w przelocie"
    # FIDE 9.2.3, in our words: an en passant square counts only when a pawn can really capture there. The FEN names e6, where no white pawn can take, so the start is the same position as the one the knights come back to.
    @DRAW-05
    Scenario: A position given with an en passant square no pawn can use repeats once the knights come back
      Given the position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2
      Then the legal moves are as pinned
      When the game continues 2. Nf3 Nc6 3. Ng1 Nb8
      Then the position has occurred twice
      When the game continues 4. Nf3 Nc6 5. Ng1 Nb8
      Then the position has occurred 3 times
      And a draw can be claimed by threefold repetition

    # pl (002): "wszystkie bierki na tych samych polach, ta sama strona przy ruchu oraz te same prawa do roszady i do bicia w przelocie"
    # FIDE 9.2.3, in our words: an en passant capture that is possible makes a position different. The FEN names f6, where the pawn on e5 can take; once the knights come back, that capture is gone, and so is the first position.
    @DRAW-05
    Scenario: A position given with an en passant capture on offer does not repeat once the capture is gone
      Given the position rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3
      Then the legal moves are as pinned
      And exf6 is legal
      When the game continues 3. Nf3 Nc6 4. Ng1 Nb8
      Then the position has occurred once
      When the game continues 5. Nf3 Nc6 6. Ng1 Nb8
      Then the position has occurred twice

  @fide-9.1 @fide-5.2.3
  Rule: A draw may be agreed by both players

    # pl (002): "obie strony godzą się na remis"
    @DRAW-06
    Scenario: The players agree to a draw in the middle of a game
      Given the position after 1. e4 e5 2. Nf3 Nc6
      Then the legal moves are as pinned
      When the players agree to a draw
      Then the game is drawn by agreement

    # pl (002): "obie strony godzą się na remis"
    @DRAW-06 @fide-5.2.3
    Scenario: After 1. e4 alone the players cannot agree to a draw: Black has not yet moved
      Given the position after 1. e4
      Then the legal moves are as pinned
      When the players agree to a draw
      Then the agreement is refused because a player has not yet moved

    # pl (002): "obie strony godzą się na remis"
    @DRAW-06
    Scenario: A finished game cannot be drawn by agreement
      Given the position after 1. f3 e5 2. g4 Qh4#
      Then the legal moves are as pinned
      Then White is checkmated
      When the players agree to a draw
      Then the agreement is refused because the game is already over

  @fide-9.2 @fide-9.3 @fide-9.6
  Rule: Some draws are recorded by themselves, others must be claimed

    # pl (002): "Ta szachownica sama zapisuje remis przy pacie, przy zbyt małym materiale i po pełnych pięćdziesięciu posunięciach."
    @DRAW-07 @STALE-01
    Scenario: Stalemate is recorded as a draw at once
      Given White: Kb6 Qc5
      And Black: Ka8
      And White to move
      Then the legal moves are as pinned
      When White plays Qc7
      Then Black is stalemated
      And the game is drawn by stalemate

    # pl (002): "Ta szachownica sama zapisuje remis przy pacie, przy zbyt małym materiale i po pełnych pięćdziesięciu posunięciach."
    @DRAW-07
    Scenario: On a board that records draws by itself, the full fifty moves end the game
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 99
      And the board records draws by itself
      Then the legal moves are as pinned
      When White plays Rh2
      Then the game is drawn by the fifty-move rule

    # pl (002): "W partii turniejowej pięćdziesiąt posunięć i trzykrotne powtórzenie trzeba zgłosić."
    @DRAW-07
    Scenario: Under tournament rules the same fifty moves only allow a claim
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      And the half-move clock is 99
      Then the legal moves are as pinned
      When White plays Rh2
      Then the game is not over
      And a draw can be claimed under the fifty-move rule

    # pl (002): "Ta szachownica sama zapisuje remis przy pacie, przy zbyt małym materiale i po pełnych pięćdziesięciu posunięciach."
    @DRAW-07
    Scenario: Even on that board a threefold repetition must be declared
      Given the initial position
      And the board records draws by itself
      Then the legal moves are as pinned
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8
      Then a draw can be claimed by threefold repetition
      And the game is not over
