Feature: Over the board
  How a move is made at a real board with a clock: castling is a king move
  made with one hand, a touched piece must be moved, a promotion is complete
  only when the new piece stands on the square, and the clock is pressed only
  after that. (FIDE Laws of Chess, articles 4, 6.11.2 and 7.5.2.)

  These scenarios are written ahead of the over-the-board model and are not
  run yet (@wip); they state what it must answer.

  @fide-4.1 @fide-4.4.2
  Rule: Castling is a king move made with one hand, king first

    # de (001): "Es ist ein Königszug mit einer Hand; zuerst wird der König berührt."
    # ru (003): "При своём ходе сначала переместите короля, затем ладью, используя одну руку."
    @OTB-01 @wip
    Scenario: White touches the king first and castles short
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      When White touches the king on e1
      And White moves the king from e1 to g1
      And White moves the rook from h1 to f1
      And White presses the clock
      Then the move 0-0 has been played
      And Black is to move

    @OTB-01 @wip
    Scenario: Moving the rook first and then the king is not castling made correctly
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      When White touches the rook on h1
      Then White may not castle short this move
      And White must move the rook on h1

  @fide-4.4.2 @fide-4.3
  Rule: A rook touched first may not castle this move; touch-move applies to it

    # de (001): "Zuerst den Turm zu berühren fällt unter 4.4.2."
    # ru (003): "Если намеренно тронуть ладью первой, рокировка с ней на этом ходу не разрешается; действует правило «тронул — ходи»."
    @OTB-02 @wip
    Scenario: Touching the rook on a1 first rules out long castling but not short castling
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle both ways
      When White touches the rook on a1
      Then White may not castle long this move
      And White must move the rook on a1

    @OTB-02 @wip
    Scenario: A touched rook that cannot move frees the player
      Given White: Ke1 Ra1 Nb1 Pa2 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle long
      When White touches the rook on a1
      Then the rook on a1 has no legal move
      And White may make any legal move except castling long

  @fide-4.4.3
  Rule: A king touched to castle illegally must make another king move

    # ru (003): "Если начали с короля, но рокировка оказалась невозможной, нужно сделать другой законный ход королём; им может быть рокировка с другой ладьёй."
    @OTB-03 @wip
    Scenario: Long castling is illegal, so the touched king must make another king move, short castling included
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Kg8 Rd8
      And White to move
      And White may still castle both ways
      When White touches the king on e1 to castle long
      Then White must make a king move
      And 0-0 is one of the moves allowed

    @OTB-03 @wip
    Scenario: A king with no legal move frees the player for any legal move
      Given White: Kh1 Ra1 Pg2 Ph2
      And Black: Kg8 Rb8 Qf4
      And White to move
      When White touches the king on h1
      Then the king on h1 has no legal move
      And White may make any legal move

  @fide-6.11.2
  Rule: A missing promotion piece: stop the clock and call the arbiter

    # de (001): "Fehlt beim Turnier die gewünschte Figur, halte die Uhr an und bitte nach 6.11.2 den Schiedsrichter um Hilfe."
    @OTB-04 @wip
    Scenario: White wants a second queen that is not at the board
      Given White: Ke1 Qd1 Pa7
      And Black: Kh8
      And White to move
      When White moves the pawn from a7 to a8
      And no white queen is available
      And White stops the clock
      And White calls the arbiter
      Then the arbiter provides a white queen
      And White places the queen on a8

  @fide-4.6 @fide-7.5.2
  Rule: The clock is not pressed while an unpromoted pawn stands on the last rank

    # de (001): "Drücke die Uhr nicht, solange ein unverwandelter Bauer auf der letzten Reihe steht."
    @OTB-05 @wip
    Scenario: Pressing the clock before placing the new piece is an illegal move
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      When White moves the pawn from a7 to a8
      And White presses the clock
      Then the move is illegal under article 7.5.2
      And the pawn on a8 becomes a queen

    @OTB-05 @wip
    Scenario: The promotion is complete when the new piece stands on the square
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      When White moves the pawn from a7 to a8
      And White places a knight on a8
      And White presses the clock
      Then the move a7-a8=N has been played
      And Black is to move
