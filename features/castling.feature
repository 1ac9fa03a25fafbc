Feature: Castling
  Castling is the one move in which two pieces move: the king goes two
  squares towards a rook, and that rook jumps over the king to the square the
  king crossed. It is allowed only when the king and that rook have never
  moved, every square between them is empty, and the king is not in check,
  does not cross an attacked square and does not land on one.
  (FIDE Laws of Chess, article 3.8.2.)

  @fide-3.8.2
  Rule: The king moves two squares towards the rook, and the rook jumps over it

    # sv (000): "Kungen går två rutor mot ett torn, och tornet hoppar över kungen till rutan bredvid."
    # sv (000): "Vits korta rockad skrivs 0-0. Kungen går från e1 till g1, och tornet från h1 till f1."
    @CASTLE-01 @CASTLE-02 @NOTE-01
    Scenario: Figure 1 - White castles short
      Given the board
        | 8 | . | . | . | . | k | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | P | P | P |
        | 1 | . | . | . | . | K | . | . | R |
      And White to move
      And White may still castle short
      Then 0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And e1 and h1 are empty
      And there is a white pawn on f2
      And there is a white pawn on g2
      And there is a white pawn on h2
      And Black is to move

    # sv (000): "Svarts långa rockad skrivs 0-0-0. Kungen går från e8 till c8, och tornet från a8 till d8."
    @CASTLE-01 @CASTLE-03
    Scenario: Figure 2 - Black castles long over the empty squares b8, c8 and d8
      Given the board
        | 8 | r | . | . | . | k | . | . | . |
        | 7 | p | p | p | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | K | . | . | . |
      And Black to move
      And Black may still castle long
      Then b8, c8 and d8 are empty
      And 0-0-0 is legal
      And the legal moves are as pinned
      When Black plays 0-0-0
      Then there is a black king on c8
      And there is a black rook on d8
      And a8, b8 and e8 are empty
      And White is to move

    # sv (000): "Svarts korta rockad är kungen e8-g8 och tornet h8-f8. Vits långa rockad är kungen e1-c1 och tornet a1-d1."
    # de (001): "Weiß endet mit König g1/Turm f1 oder König c1/Turm d1, Schwarz mit g8/f8 oder c8/d8."
    # ru (003): "У чёрных это e8–g8 с h8–f8 либо e8–c8 с a8–d8."
    @CASTLE-04 @CASTLE-01
    Scenario Outline: Each of the four castlings ends on fixed squares
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8 Ra8 Rh8
      And <side> to move
      And White may still castle both ways
      And Black may still castle both ways
      Then the legal moves are as pinned
      When <side> plays <castling>
      Then there is a <colour> king on <king>
      And there is a <colour> rook on <rook>

      Examples:
        | side  | colour | castling | king | rook |
        | White | white  | 0-0      | g1   | f1   |
        | White | white  | 0-0-0    | c1   | d1   |
        | Black | black  | 0-0      | g8   | f8   |
        | Black | black  | 0-0-0    | c8   | d8   |

    # ru (003), question: "Как делается короткая рокировка"
    # ru (003), answer: "У белых король перемещается с e1 на g1, а ладья с h1 на f1."
    @CASTLE-04 @faq
    Scenario: FAQ - how short and long castling are made
      Given the initial position
      Then the legal moves are as pinned
      When the game continues 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. d3 d6 5. Be3 Be6 6. Qd2 Qd7 7. Nc3 Nf6
      Then 0-0 is legal
      And 0-0-0 is legal
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      When Black plays 0-0-0
      Then there is a black king on c8
      And there is a black rook on d8

  @fide-3.8.2.1
  Rule: The king and that rook must never have moved in the game

    # sv (000): "Det hjälper inte att ställa tillbaka dem på utgångsrutorna."
    # de (001): "Zurückziehen stellt das Recht nicht wieder her"
    @CASTLE-05 @CASTLE-06
    Scenario: A king that left e1 and came back has lost both castlings
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then 0-0 is legal
      And 0-0-0 is legal
      When the game continues 1. Kf1 Kd8 2. Ke1 Ke8
      Then 0-0 is illegal
      And 0-0-0 is illegal
      And the legal moves are as pinned

    # sv (000): "Har kungen flyttat en enda gång är båda rockaderna borta."
    # de (001): "Ein König, der e1 verlassen hat und zurückgekehrt ist, hat beide Rochaderechte dauerhaft verloren."
    # ru (003), question: "Вернувшийся король получает право на рокировку обратно"
    # ru (003), answer: "Нет. После любого хода королём право на обе рокировки утрачено. Возвращение на e1 или e8 его не восстанавливает."
    @CASTLE-06 @faq
    Scenario: FAQ - a king that returns to e8 does not get the right back
      Given White: Ke1
      And Black: Ke8 Ra8 Rh8
      And Black to move
      And Black may still castle both ways
      Then the legal moves are as pinned
      When the game continues 1... Ke7 2. Kd1 Ke8 3. Ke1
      Then 0-0 is illegal
      And 0-0-0 is illegal

    # sv (000): "I figur 3 har vits torn gått h1-h2-h1 tidigare i partiet. Kort rockad är därför förbjuden"
    # ru (003): "Ход одной ладьёй лишает рокировки только с ней."
    @CASTLE-07 @CASTLE-05
    Scenario: Figure 3 - the rook on h1 went h1-h2-h1, so only long castling remains
      Given the position after 1. h4 a6 2. Rh2 a5 3. Rh1 a4 4. Nc3 b6 5. d3 b5 6. Be3 h6 7. Qd2 h5 8. g3 Rh6 9. Bg2 Rh8 10. Nf3 Ra5
      Then White is to move
      And f1 and g1 are empty
      And 0-0 is illegal
      But 0-0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1

    # ru (003), question: "Сходила только одна ладья — можно ли рокироваться с другой"
    # ru (003), answer: "Да, если король не ходил, другая ладья тоже не ходила и выполнены остальные условия."
    @CASTLE-07 @faq
    Scenario: FAQ - only one rook has moved: castling with the other is still allowed
      Given White: Ke1
      And Black: Ke8 Ra8 Rh8
      And Black to move
      And Black may still castle both ways
      Then the legal moves are as pinned
      When the game continues 1... Ra7 2. Kd1 Ra8 3. Ke1
      Then Black is to move
      And 0-0-0 is illegal
      But 0-0 is legal

    # sv (000): "Diagrammet kan inte visa vad som hänt tidigare."
    # de (001): "Die sichtbare Stellung verrät diese Vorgeschichte nicht immer."
    @CASTLE-08
    Scenario: The same placement without the rights: the history decides, and 0-0 is illegal
      Given White: Ke1 Rh1 Pg2
      And Black: Ke8
      And White to move
      Then 0-0 is illegal
      And the legal moves are as pinned

    # sv (000): "Diagrammet kan inte visa vad som hänt tidigare."
    @CASTLE-08
    Scenario: The same placement when the king and rook have never moved
      Given White: Ke1 Rh1 Pg2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      Then 0-0 is legal

    # ru (003): "Один раз за партию. После этого король уже ходил"
    # ru (003): "Другая ладья при этом не считается автоматически ходившей."
    @CASTLE-19 @faq
    Scenario: FAQ - castling happens once a game, because the king has then moved
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When the game continues 1. 0-0 Kd8 2. Kg2 Ke8 3. Kf2 Kd8 4. Ke1 Ke8 5. Rh1 Kd8
      Then 0-0 is illegal
      And 0-0-0 is illegal
      And the king on e1 can move to d1, d2, e2, f1 and f2

  @fide-3.8.2.2
  Rule: Every square between the king and the rook must be empty

    # ru (003): "Для короткой нужно освободить f1 и g1, для длинной — b1, c1 и d1"
    # de (001): "Bei langer Rochade auch b1/b8"
    # sv (004): "det finns några pjäser (vänner eller fiender) mellan kungen och det torn"
    @CASTLE-09
    Scenario Outline: A piece of either colour on <square> stops <castling>
      Given White: Ke1 Ra1 Rh1 <white>
      And Black: Ke8 <black>
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      Then <castling> is illegal
      And <other> is legal

      Examples:
        | square | white | black | castling | other |
        | b1     |       | Nb1   | 0-0-0    | 0-0   |
        | c1     | Bc1   |       | 0-0-0    | 0-0   |
        | d1     | Qd1   |       | 0-0-0    | 0-0   |
        | f1     | Bf1   |       | 0-0      | 0-0-0 |
        | g1     |       | Ng1   | 0-0      | 0-0-0 |

    # ru (003): "Для короткой нужно освободить f1 и g1, для длинной — b1, c1 и d1"
    @CASTLE-09
    Scenario: Its own knight on b1 stops long castling, though the king never goes to b1
      Given White: Ke1 Ra1 Nb1
      And Black: Ke8
      And White to move
      And White may still castle long
      Then 0-0-0 is illegal
      And the legal moves are as pinned

    # de (001): "Ein Läufer auf f1 kann den Weg später freimachen."
    @CASTLE-16
    Scenario: A bishop on f1 is a temporary obstacle
      Given White: Ke1 Rh1 Bf1 Pg2
      And Black: Ke8 Pa7
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      Then 0-0 is illegal
      When the game continues 1. Bc4 a6
      Then 0-0 is legal

  @fide-3.8.2.2
  Rule: No castling while the king is in check

    # sv (000): "Du får inte rockera medan kungen står i schack."
    # ru (003): "Уходить из-под шаха рокировкой нельзя."
    # de (001): "Rochade befreit nicht aus bestehendem Schach"
    @CASTLE-10
    Scenario: Figure 4 - the bishop on b5 checks the king on e8 through c6 and d7
      Given the board
        | 8 | r | . | . | . | k | . | . | r |
        | 7 | p | p | . | . | . | p | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | B | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | K | . | . | . |
      And Black to move
      And Black may still castle both ways
      Then Black is in check
      And 0-0 is illegal
      And 0-0-0 is illegal
      And the legal moves are as pinned

    # pl (002): "Czy w szachu robisz roszadę? Nie."
    # ru (003), question: "Можно ли рокироваться из-под шаха"
    # ru (003), answer: "Нет. Поле, на котором король стоит перед рокировкой, не должно быть атаковано."
    @CASTLE-10 @faq
    Scenario: FAQ - no castling out of check, even with every square empty
      Given White: Ke1 Ra1 Rh1
      And Black: Ke8 Re6
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      Then White is in check
      And 0-0 is illegal
      And 0-0-0 is illegal

    # sv (000): "En tidigare schack tar inte bort rätten att rockera, så länge du parerade schacken utan att flytta kungen."
    # ru (003): "Шах в прошлом сам по себе не отменяет право."
    @CASTLE-15 @faq
    Scenario: FAQ - a check parried without moving the king does not cost the right
      Given White: Ke1 Rh1 Nb1 Pf2 Pg2 Ph2
      And Black: Ke8 Qa5
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      Then White is in check
      And 0-0 is illegal
      When White plays Nc3
      And Black plays Qb6
      Then White is not in check
      And 0-0 is legal

  @fide-3.8.2.2
  Rule: The king may not cross or land on an attacked square; the rook may be attacked

    # sv (000): "Kungen får inte passera en anfallen ruta."
    # ru (003): "При короткой рокировке белых проверяют e1, f1, g1; при длинной — e1, d1, c1."
    @CASTLE-11
    Scenario: Figure 5 - a rook on the open d-file stops long castling, not short castling
      Given the board
        | 8 | . | . | . | r | . | . | k | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | P | P | P |
        | 1 | R | . | . | . | K | . | . | R |
      And White to move
      And White may still castle both ways
      And d1 is attacked by Black
      And f1 and g1 are not attacked by Black
      Then 0-0-0 is illegal
      But 0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0
      Then there is a white king on g1
      And Black is to move

    # sv (000): "Kungen får inte heller landa på en anfallen ruta."
    @CASTLE-12
    Scenario: Figure 6 - a knight on h6 attacks g8, so Black may not castle short
      Given the board
        | 8 | r | . | . | . | k | . | . | r |
        | 7 | p | p | p | . | . | p | . | p |
        | 6 | . | . | . | . | . | . | . | N |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | . | . | . | K | . | . | . |
      And Black to move
      And Black may still castle both ways
      And g8 is attacked by White
      And d8 and c8 are not attacked by White
      Then 0-0 is illegal
      But 0-0-0 is legal
      And the legal moves are as pinned

    # sv (000): "Tornet får vara anfallet."
    # de (001): "Ein Angriff auf den Turm allein verbietet sie nicht"
    # ru (003): "Атака на ладью не запрещает рокировку."
    @CASTLE-13 @CASTLE-14
    Scenario: Figure 7 - an attacked rook and an attacked b8 do not stop long castling
      Given the board
        | 8 | r | . | . | . | k | . | . | . |
        | 7 | . | . | . | . | . | p | p | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | B | . | . |
        | 2 | . | . | . | . | . | . | . | . |
        | 1 | . | R | . | . | . | . | K | . |
      And Black to move
      And Black may still castle long
      And a8 and b8 are attacked by White
      And e8, d8 and c8 are not attacked by White
      Then 0-0-0 is legal
      And the legal moves are as pinned
      When Black plays 0-0-0
      Then there is a black king on c8
      And there is a black rook on d8
      And White is to move

    # ru (003), question: "Можно ли рокироваться, если ладья под боем"
    # ru (003), answer: "Да, если выполнены остальные условия."
    @CASTLE-13 @faq
    Scenario: FAQ - castling is allowed when the rook is attacked
      Given the board
        | 8 | . | . | . | . | k | . | . | r |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | P | P | . |
        | 1 | . | . | . | . | K | . | . | R |
      And White to move
      And White may still castle short
      And h1 is attacked by Black
      And e1, f1 and g1 are not attacked by Black
      Then the legal moves are as pinned
      Then 0-0 is legal

    # sv (000): "Vid lång rockad får även b1 eller b8 vara anfallen, eftersom kungen aldrig går över den rutan. Rutan måste ändå vara tom."
    # ru (003): "Поля, через которые проходит только ладья, под это условие не подпадают."
    @CASTLE-14 @faq
    Scenario: FAQ - an attacked b1 does not stop long castling
      Given the board
        | 8 | . | r | . | . | k | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | P | P | P | . | . | . |
        | 1 | R | . | . | . | K | . | . | . |
      And White to move
      And White may still castle long
      And b1 is attacked by Black
      And e1, d1 and c1 are not attacked by Black
      Then the legal moves are as pinned
      Then 0-0-0 is legal

    # ru (003), question: "Можно ли рокироваться через атакованное поле"
    # ru (003), answer: "Королём — нельзя."
    @CASTLE-11 @faq
    Scenario Outline: FAQ - an attack on <square> stops <castling>
      Given White: Ke1 Ra1 Rh1
      And Black: Kb8 <attacker>
      And White to move
      And White may still castle both ways
      And <square> is attacked by Black
      Then the legal moves are as pinned
      Then <castling> is illegal
      And <other> is legal

      Examples:
        | square | attacker | castling | other |
        | d1     | Rd8      | 0-0-0    | 0-0   |
        | c1     | Bg5      | 0-0-0    | 0-0   |
        | f1     | Bc4      | 0-0      | 0-0-0 |
        | g1     | Nh3      | 0-0      | 0-0-0 |

    # de (001): "Hier greift der schwarze Turm f1 an. Weiß darf seinen König bei der kurzen Rochade nicht über dieses Feld führen, selbst wenn g1 sicher ist."
    @CASTLE-17
    Scenario: German figure - a black rook attacks f1; g1 is safe but short castling is forbidden
      Given the board
        | 8 | . | . | . | . | . | r | k | . |
        | 7 | . | . | . | . | . | . | p | p |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | P | P | . | . | . | . | P | P |
        | 1 | R | . | . | . | K | . | . | R |
      And White to move
      And White may still castle both ways
      And f1 is attacked by Black
      But g1 is not attacked by Black
      Then 0-0 is illegal
      But 0-0-0 is legal
      And the legal moves are as pinned

    # de (001): "Auch eine gefesselte Figur zählt bei der Prüfung angegriffener Felder."
    @CASTLE-18 @fide-3.1.3
    Scenario: A black rook pinned to its king still attacks f1
      Given the board
        | 8 | . | . | . | . | . | . | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | k | . | . | . | . | r | . | R |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | P | . | . | . | . | . | . | . |
        | 1 | R | . | . | . | K | . | . | R |
      And White to move
      And White may still castle both ways
      And f1 is attacked by Black
      Then 0-0 is illegal
      But 0-0-0 is legal
      And the legal moves are as pinned

    # de (001): "Verschwindet der Angriff, kann dieses Hindernis entfallen"
    @CASTLE-16
    Scenario: The attacking rook leaves the f-file and short castling becomes legal again
      Given the board
        | 8 | k | . | . | . | . | r | . | . |
        | 7 | . | . | . | . | . | . | . | . |
        | 6 | . | . | . | . | . | . | . | . |
        | 5 | . | . | . | . | . | . | . | . |
        | 4 | . | . | . | . | . | . | . | . |
        | 3 | . | . | . | . | . | . | . | . |
        | 2 | . | . | . | . | . | . | P | P |
        | 1 | . | . | . | . | K | . | . | R |
      And Black to move
      And White may still castle short
      Then the legal moves are as pinned
      When Black plays Rb8
      Then 0-0 is legal

    # de (001): "Verschwindet der Angriff, kann dieses Hindernis entfallen"
    @CASTLE-16
    Scenario: While the rook is on the f-file, short castling is not allowed
      Given White: Ke1 Rh1 Pg2 Ph2
      And Black: Ka8 Rf8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      Then 0-0 is illegal

    # sv (000): "Räcker det att rutorna mellan kungen och tornet är tomma?"
    # de (001): "Reicht ein sicheres Ziel trotz angegriffenem Durchgangsfeld?"
    # de (001): "Auch Ausgangs- und überquerte Felder des Königs müssen die Bedingung erfüllen."
    @CASTLE-21 @faq
    Scenario Outline: FAQ - empty squares are not enough: <reason>
      Given White: Ke1 Rh1
      And Black: Ka8 <black>
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      Then f1 and g1 are empty
      And 0-0 is illegal

      Examples:
        | reason                            | black |
        | the king is in check              | Re5   |
        | the king would cross f1 attacked  | Rf5   |
        | the king would land on g1 attacked | Rg5   |

    # sv (000): "Kort rockad är inte automatiskt bäst."
    @CASTLE-22 @faq
    Scenario: FAQ - where both castlings are legal, both are offered
      Given White: Ke1 Ra1 Rh1 Pa2 Pb2 Pc2 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then 0-0 is legal
      And 0-0-0 is legal
      And the legal moves are as pinned

    # ru (003): "Правила не требуют рокироваться к определённому номеру хода."
    @CASTLE-20 @faq
    Scenario: FAQ - there is no deadline: castling on move 60 is still castling
      Given White: Ke1 Rh1 Pg2
      And Black: Kb8
      And White to move
      And White may still castle short
      And it is move 60
      Then the legal moves are as pinned
      Then 0-0 is legal

  @fide-II.2
  Rule: A Chess960 game starts from one of 960 arrays: the king between the rooks, the bishops on both colours, Black opposite White

    # FIDE Guidelines II.2, in our words: the pawns stand as usual and
    # White's pieces take the first rank in any order the three rules below
    # allow; the standard set-up is one of them, and so is bishops, queen,
    # knights, rook, king, rook.
    Scenario: Bishops on a1 and b1, the queen on c1, knights on d1 and e1, rook, king, rook: Chess960 starting position number 0
      Given the position bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1
      Then the set-up is Chess960 starting position number 0

    Scenario: The standard set-up is Chess960 starting position number 518
      Given the initial position
      Then the set-up is Chess960 starting position number 518

    # FIDE Guidelines II.2.1, in our words: the king stands between the rooks.
    @fide-II.2.1
    Scenario: The king in the corner on a1, both rooks to its right: no Chess960 start
      Given the position krrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/KRRNNQBB w - - 0 1
      Then the set-up is no Chess960 starting position, because the king does not stand between the rooks

    # FIDE Guidelines II.2.2, in our words: the bishops stand on squares of
    # opposite colours.
    @fide-II.2.2
    Scenario: Bishops on d1 and h1, two light squares: no Chess960 start
      Given the position rkrbnqnb/pppppppp/8/8/8/8/PPPPPPPP/RKRBNQNB w - - 0 1, which no game can reach
      Then the set-up is no Chess960 starting position, because the bishops stand on squares of the same colour

    # FIDE Guidelines II.2.3, in our words: Black's pieces stand directly
    # opposite White's.
    @fide-II.2.3
    Scenario: White's queen on c1 but Black's on d8: no Chess960 start
      Given the position bbnqnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1
      Then the set-up is no Chess960 starting position, because Black's pieces do not stand opposite White's

  @fide-II.3.2.6
  Rule: In Chess960 the king and rook end on the same squares as in standard chess

    # ru (003): "Для шахмат-960 в своде ФИДЕ предусмотрены отдельные пояснения."
    @CASTLE-23 @fide-II.1 @fide-II.3.2.1
    Scenario: Chess960 - king on b1 castles long to c1 and short to g1
      Given the game is Chess960
      And White: Kb1 Ra1 Rh1 Pa2 Pb2
      And Black: Kb8 Ra8 Rh8
      And White to move
      And White may still castle both ways
      Then 0-0-0 is legal
      And 0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And there is a white rook on a1

    # FIDE Guidelines II.3.1, in our words: in Chess960 too each player castles
    # once in a game; king and rook moving back to their squares bring no
    # new right.
    @CASTLE-23 @fide-II.3.1 @fide-3.8.2.1
    Scenario: Chess960 - after castling short and walking king and rook back to b1 and h1, White may castle no more
      Given the game is Chess960
      And White: Kb1 Ra1 Rh1 Pa2 Pb2
      And Black: Kb8 Ra8 Rh8
      And White to move
      And White may still castle both ways
      When the game continues 1. O-O Kc8 2. Kg2 Kb8 3. Rh1 Kc8 4. Kf1 Kb8 5. Ke1 Kc8 6. Kd1 Kb8 7. Kc1 Kc8 8. Kb1 Kb8
      Then 0-0 is illegal
      And 0-0-0 is illegal
      And the legal moves are as pinned

    # FIDE Guidelines II, in our words: the king and the rook end where they
    # would in standard chess, so a king that starts on b1 moves right.
    @CASTLE-23
    Scenario: Chess960 - the king on b1 castles long by one step to the right, and the rook on a1 goes to d1
      Given the game is Chess960
      And White: Kb1 Ra1
      And Black: Kh8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And a1 and b1 are empty

    # FIDE Guidelines II, in our words: a king already on its castling square
    # stays there, and only the rook moves.
    @CASTLE-23 @fide-II.3.2.4 @fide-II.3.2.7
    Scenario: Chess960 - the king on g1 stays where it is; short castling moves only the rook, from h1 to f1
      Given the game is Chess960
      And White: Kg1 Rh1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is legal
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And h1 is empty

    # FIDE Guidelines II, in our words: a king already on its castling square
    # stays there, and only the rook moves.
    @CASTLE-23 @fide-II.3.2.4
    Scenario: Chess960 - the king on c1 stays where it is; long castling moves only the rook, from a1 to d1
      Given the game is Chess960
      And White: Kc1 Ra1
      And Black: Kh8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And a1 and b1 are empty

    # FIDE Guidelines II, in our words: a rook already on its castling square
    # stays there, and only the king moves, passing its own rook.
    @CASTLE-23 @fide-II.3.2.3 @fide-II.3.2.7
    Scenario: Chess960 - the rook already stands on f1; short castling moves only the king, from d1 to g1
      Given the game is Chess960
      And White: Kd1 Rf1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is legal
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And d1 and e1 are empty

    # FIDE Guidelines II, in our words: the rook on the king's castling square
    # and the king change places.
    @CASTLE-23 @fide-II.3.2.2
    Scenario: Chess960 - the rook stands on g1, the king's castling square; king and rook change places
      Given the game is Chess960
      And White: Kf1 Rg1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is legal
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1

    # FIDE Guidelines II, in our words: the king may cross nothing but its own
    # castling rook; every other square of its way must be empty.
    @CASTLE-23 @fide-II.3.2.7
    Scenario: Chess960 - a bishop on e1 blocks the king's way from d1 to g1
      Given the game is Chess960
      And White: Kd1 Be1 Rf1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is illegal

    # FIDE Guidelines II, in our words: only the castling rook may stand in
    # the way; a second rook without the right blocks it like any piece.
    @CASTLE-23
    Scenario: Chess960 - a second rook on g1 without the right stands in the way of short castling with the rook on h1
      Given the game is Chess960
      And White: Ke1 Rg1 Rh1
      And Black: Ka8
      And White to move
      And White may still castle with the rook on h1
      Then 0-0 is illegal
      And Rg1-f1 is legal

    # FIDE Guidelines II, in our words: the right belongs to one rook. With two
    # rooks on one wing, the right of the inner rook castles with the inner rook.
    @CASTLE-23
    Scenario: Chess960 - the right of the inner rook on b1: long castling takes it to d1 and leaves the rook on a1
      Given the game is Chess960
      And White: Ke1 Ra1 Rb1
      And Black: Kh8
      And White to move
      And White may still castle with the rook on b1
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And there is a white rook on a1
      And b1 and e1 are empty

    # FIDE Guidelines II, in our words: the right of the outer rook cannot be
    # used while the inner rook stands on the outer rook's way.
    @CASTLE-23
    Scenario: Chess960 - the right of the outer rook on a1: the rook on b1 is in its way, so long castling is illegal
      Given the game is Chess960
      And White: Ke1 Ra1 Rb1
      And Black: Kh8
      And White to move
      And White may still castle with the rook on a1
      Then 0-0-0 is illegal

    # FIDE Guidelines II, in our words: as in standard chess, only the king's
    # squares must be safe; the square the rook lands on may be attacked.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - an attack on d1, where only the rook goes, does not stop the king's step from b1 to c1
      Given the game is Chess960
      And White: Kb1 Ra1
      And Black: Kh8 Rd8
      And White to move
      And White may still castle long
      And d1 is attacked by Black
      But b1 and c1 are not attacked by Black
      Then 0-0-0 is legal

    # FIDE Guidelines II, in our words: the king may not land on an attacked
    # square, however short its way.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - the king on b1 may not castle long onto an attacked c1
      Given the game is Chess960
      And White: Kb1 Ra1
      And Black: Kh8 Rc8
      And White to move
      And White may still castle long
      And c1 is attacked by Black
      Then 0-0-0 is illegal

    # FIDE Guidelines II, in our words: a king in check may not castle, even
    # when castling would not move it.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - the king on g1 in check may not castle short, though it would stay on g1
      Given the game is Chess960
      And White: Kg1 Rh1
      And Black: Ka8 Rg8
      And White to move
      And White may still castle short
      And g1 is attacked by Black
      Then White is in check
      And 0-0 is illegal

    # FIDE Guidelines II, in our words: a long way for the king, from g1 to
    # c1: f1, e1, d1 and c1 must be empty and none attacked.
    @CASTLE-23 @fide-II.3.2.1
    Scenario: Chess960 - the king on g1 castles long all the way to c1, and the rook on a1 goes to d1
      Given the game is Chess960
      And White: Kg1 Ra1 Rh1
      And Black: Kb8
      And White to move
      And White may still castle both ways
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And there is a white rook on h1
      And g1, f1, e1 and a1 are empty

    # FIDE Guidelines II, in our words: one attacked square on the king's long
    # way is enough to forbid castling.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - a rook on e8 attacks e1, on the king's way from g1 to c1, so long castling is illegal
      Given the game is Chess960
      And White: Kg1 Ra1 Rh1
      And Black: Kb8 Re8
      And White to move
      And White may still castle both ways
      And e1 is attacked by Black
      Then 0-0-0 is illegal
      But 0-0 is legal

    # FIDE 3.8.2.2 looks at the squares of the king (where it stands, the
    # squares it crosses, where it lands) in the position before castling,
    # where the rook on b1 still shields c1 from the rook on a1. But FIDE
    # 3.9.2 forbids every move that leaves one's own king in check, castling
    # included (3.10.1: a move is legal only when all of 3.1 to 3.9 are met).
    # After castling the rook stands on d1, b1 is empty, and the king on c1
    # would be in check from a1: the castling is illegal.
    @CASTLE-23 @fide-3.8.2.2 @fide-3.9.2
    Scenario: Chess960 - the rook on b1 shields c1 from a black rook on a1; castling long would leave the king on c1 in check, so it is illegal
      Given the game is Chess960
      And White: Ke1 Rb1
      And Black: Kh8 Ra1
      And White to move
      And White may still castle long
      And b1 is attacked by Black
      But c1 and d1 are not attacked by Black
      Then 0-0-0 is illegal
      And the legal moves are as pinned

    # FIDE 3.8.2.2 and Guidelines II, in our words: the square the king is
    # to occupy may not be attacked, even when the castling rook stands on
    # it and the attack falls on that rook.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - the rook on g1 stands on the king's castling square and a black rook on h1 attacks it; short castling is illegal
      Given the game is Chess960
      And White: Ke1 Rg1
      And Black: Ka8 Rh1
      And White to move
      And White may still castle short
      And g1 is attacked by Black
      But e1 and f1 are not attacked by Black
      Then 0-0 is illegal
      And Rg1xh1 is legal

    # FIDE 3.8.2.2 and Guidelines II, in our words: only the king's squares
    # must be safe; an attack on the rook's own square does not stop castling.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - a black bishop attacks the rook on h1 and nothing else on the first rank; the king on b1 castles short to g1
      Given the game is Chess960
      And White: Kb1 Rh1
      And Black: Ka8 Bc6
      And White to move
      And White may still castle short
      And h1 is attacked by Black
      But b1, c1, d1, e1, f1 and g1 are not attacked by Black
      Then 0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And b1 and h1 are empty

    # FIDE Guidelines II (the king-move-only castling), in our words: a rook
    # already on its castling square stays there, and the king passes over it.
    @CASTLE-23
    Scenario: Chess960 - the rook already stands on d1; long castling moves only the king, from f1 over its rook to c1
      Given the game is Chess960
      And White: Kf1 Rd1
      And Black: Ka8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And e1 and f1 are empty

    # FIDE 3.8.2.2 and Guidelines II, in our words: the rook's square is one
    # the king crosses here, so an attack on the rook stops the castling.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - the rook on d1 is attacked and the king would cross d1 on its way from f1 to c1; long castling is illegal
      Given the game is Chess960
      And White: Kf1 Rd1
      And Black: Ka8 Rd8
      And White to move
      And White may still castle long
      And d1 is attacked by Black
      But c1, e1 and f1 are not attacked by Black
      Then 0-0-0 is illegal

    # FIDE Guidelines II, in our words: the square the rook goes to must be
    # empty too (or hold only the castling king), even when the king does not
    # move at all.
    @CASTLE-23
    Scenario: Chess960 - the king on g1 would stay, but a bishop stands on f1, where the rook must go; short castling is illegal
      Given the game is Chess960
      And White: Kg1 Rh1 Bf1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is illegal

    # FIDE Guidelines II, in our words: the same on the long side; the rook
    # would pass b1 and the king's own square c1, and land on d1, where a
    # knight stands.
    @CASTLE-23
    Scenario: Chess960 - the king on c1 would stay, but a knight stands on d1, where the rook must go; long castling is illegal
      Given the game is Chess960
      And White: Kc1 Ra1 Nd1
      And Black: Kh8
      And White to move
      And White may still castle long
      Then 0-0-0 is illegal

    # FIDE 3.8.2.2 and Guidelines II (the rook-move-only castling), in our
    # words: the king stays on g1, which is not attacked; f1, where only the
    # rook goes, may be attacked.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Chess960 - the king on g1 stays where it is; an attack on f1, where only the rook goes, does not stop short castling
      Given the game is Chess960
      And White: Kg1 Rh1
      And Black: Ka8 Rf8
      And White to move
      And White may still castle short
      And f1 is attacked by Black
      But g1 is not attacked by Black
      Then 0-0 is legal
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And h1 is empty

    # FIDE Guidelines II (the transposition castling), in our words: on the
    # long side too, a rook on the king's castling square changes places with
    # the king.
    @CASTLE-23 @fide-II.3.2.2
    Scenario: Chess960 - the rook stands on c1, the king's castling square; long castling makes king and rook change places
      Given the game is Chess960
      And White: Kd1 Rc1
      And Black: Kh8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1

    # FIDE Guidelines II, in our words: between the king and its castling
    # square, and between the rook and its castling square, every square must
    # be empty or hold only the castling king or rook. Here the king crosses
    # its own rook on c1, and the rook crosses d1 and e1.
    @CASTLE-23
    Scenario: Chess960 - the king on b1 passes over its own rook on c1 to g1, and the rook goes from c1 to f1
      Given the game is Chess960
      And White: Kb1 Rc1
      And Black: Ka8
      And White to move
      And White may still castle short
      Then 0-0 is legal
      And the legal moves are as pinned
      When White plays 0-0
      Then there is a white king on g1
      And there is a white rook on f1
      And b1, c1, d1 and e1 are empty

    # FIDE Guidelines II, in our words: the same on the long side; the rook on
    # f1 is the king's long-side rook, the king crosses it on its way from g1
    # to c1, and the rook goes from f1 to d1.
    @CASTLE-23
    Scenario: Chess960 - the king on g1 castles long over its own rook on f1 to c1, and the rook goes from f1 to d1
      Given the game is Chess960
      And White: Kg1 Rf1
      And Black: Ka8
      And White to move
      And White may still castle long
      Then 0-0-0 is legal
      When White plays 0-0-0
      Then there is a white king on c1
      And there is a white rook on d1
      And e1, f1 and g1 are empty

  # Which of the conditions of 3.8.2 stops a castling, in the words lawbook
  # gives when it refuses one. No engine protocol says why it refuses a move,
  # so these steps are checked against lawbook's own rules; an engine is still
  # asked whether the castling is illegal.
  @fide-3.8.2
  Rule: A refused castling is refused for the condition that fails

    # FIDE 3.8.2.1, in our words: the right to castle is lost once the king or
    # that rook has moved.
    @fide-3.8.2.1
    Scenario: Why - the king has moved, so the right is gone
      Given White: Ke1 Rh1
      And Black: Ke8
      And White to move
      Then 0-0 is illegal because the king or that rook has already moved

    # FIDE 3.8.2.2, in our words: castling is prevented for now while any
    # piece stands between the king and the rook.
    @fide-3.8.2.2
    Scenario Outline: Why - a piece on <square> is between the king and the rook
      Given White: Ke1 Ra1 Rh1 <white>
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then <castling> is illegal because the squares between the king and the rook are not empty (<square>)

      Examples:
        | square | white | castling |
        | b1     | Nb1   | 0-0-0    |
        | c1     | Bc1   | 0-0-0    |
        | d1     | Qd1   | 0-0-0    |
        | f1     | Bf1   | 0-0      |
        | g1     | Ng1   | 0-0      |

    # FIDE 3.8.2.2, in our words: castling is not allowed while the king is in
    # check.
    @fide-3.8.2.2
    Scenario: Why - the king is in check
      Given White: Ke1 Rh1
      And Black: Ke8 Re7
      And White to move
      And White may still castle short
      Then 0-0 is illegal because the king is in check

    # FIDE 3.8.2.2, in our words: the king may not cross a square attacked by
    # an opponent's piece.
    @fide-3.8.2.2
    Scenario: Why - the king would cross an attacked f1
      Given White: Ke1 Rh1
      And Black: Ke8 Rf8
      And White to move
      And White may still castle short
      And f1 is attacked by Black
      And g1 is not attacked by Black
      Then 0-0 is illegal because the king would pass over f1, which is attacked

    # FIDE 3.8.2.2, in our words: nor may it land on one.
    @fide-3.8.2.2
    Scenario: Why - the king would land on an attacked g1
      Given White: Ke1 Rh1
      And Black: Ke8 Rg8
      And White to move
      And White may still castle short
      And g1 is attacked by Black
      And f1 is not attacked by Black
      Then 0-0 is illegal because the king would land on g1, which is attacked

    # FIDE 3.8.2.2: the same on the long side, where the king crosses d1 and
    # lands on c1 (b1 need only be empty).
    @fide-3.8.2.2
    Scenario Outline: Why - long castling, with <square> attacked
      Given White: Ke1 Ra1
      And Black: Ke8 <black>
      And White to move
      And White may still castle long
      And <square> is attacked by Black
      Then 0-0-0 is illegal because the king would <how> <square>, which is attacked

      Examples:
        | square | black | how       |
        | d1     | Rd8   | pass over |
        | c1     | Rc8   | land on   |

    # FIDE 3.8.2.2 and Guidelines II, in our words: in Chess960 the castling
    # rook may stand on the king's castling square; an attack on it there is
    # an attack on the square the king lands on.
    @CASTLE-23 @fide-3.8.2.2
    Scenario: Why - Chess960, the rook on g1 stands where the king lands, and the rook on h1 attacks it
      Given the game is Chess960
      And White: Ke1 Rg1
      And Black: Ka8 Rh1
      And White to move
      And White may still castle short
      Then 0-0 is illegal because the king would land on g1, which is attacked

    # FIDE 3.9.2, in our words: no move may leave one's own king in check,
    # castling included. Before castling the rook on b1 hides c1 and d1 from
    # the rook on a1, so 3.8.2.2 alone would allow it; once castled, the
    # king on c1 stands in check.
    @CASTLE-23 @fide-3.9.2
    Scenario: Why - Chess960, the rook on b1 shields c1 until it moves, so the king would stand in check there
      Given the game is Chess960
      And White: Ke1 Rb1
      And Black: Kh8 Ra1
      And White to move
      And White may still castle long
      Then 0-0-0 is illegal because the king would stand in check on c1 once the rook has left the line it shielded
