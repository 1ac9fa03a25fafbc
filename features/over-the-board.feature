Feature: Over the board
  How a move is made at a real board with a clock: castling is a king move
  made with one hand, a touched piece must be moved, a promotion is complete
  only when the new piece stands on the square, and the clock is pressed only
  after that. (FIDE Laws of Chess, articles 4, 6.11.2 and 7.5.2.)

  A player touches, moves and lets go of pieces, removes a captured piece,
  places a promotion piece, presses or stops the clock and calls the arbiter;
  lawbook's over-the-board model answers as the laws say: what the player
  must still do, what is refused and under which article, and what the
  arbiter does. "Moves a piece" means it is put down and let go of. These
  are facts of lawbook's own model, not questions for other engines.

  @fide-4.1 @fide-4.4.2
  Rule: Castling is a king move made with one hand, king first

    # de (001): "Es ist ein Königszug mit einer Hand; zuerst wird der König berührt."
    # ru (003): "При своём ходе сначала переместите короля, затем ладью, используя одну руку."
    @OTB-01 @fide-4.4.1
    Scenario: White touches the king first and castles short
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White touches the king on e1
      Then White must move the king on e1
      And White may castle short this move
      When White touches the rook on h1
      Then White must castle short
      When White moves the king from e1 to g1
      Then White must castle short
      When White moves the rook from h1 to f1
      Then White must press the clock
      When White presses the clock
      Then the move 0-0 has been played
      And there is a white king on g1
      And there is a white rook on f1
      And Black is to move
      And the transcript reads
        """
        White touches the king on e1: White must move the king on e1 (FIDE 4.3.1).
        White touches the rook on h1: White must castle short (FIDE 4.4.1).
        White moves the king from e1 to g1: Letting go of the king on g1 commits White to 0-0 (FIDE 4.7).
        White lets go of the king on g1: The king is let go on its castling square: White must castle short, moving the rook from h1 to f1 (FIDE 4.7.2).
        White moves the rook from h1 to f1: Letting go of the rook on f1 makes the move 0-0 (FIDE 4.7).
        White lets go of the rook on f1: The move 0-0 is made and cannot be changed (FIDE 4.7): White presses the clock.
        White presses the clock: The move 0-0 is complete; Black to move.
        """

    # de (001): "Es ist ein Königszug mit einer Hand; zuerst wird der König berührt."
    @OTB-01
    Scenario: The king let go on g1 may only castle short
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White moves the king from e1 to g1
      Then White must castle short
      When White moves the king from g1 to f1
      Then that is refused under article 4.7
      When White moves the rook from h1 to f1
      And White presses the clock
      Then the move 0-0 has been played

    # ru (003): "При своём ходе сначала переместите короля, затем ладью, используя одну руку."
    @OTB-01 @fide-7.5.4
    Scenario: Castling with two hands stands, but is penalised as an illegal move
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White touches the king on e1
      And White moves the king from e1 to g1
      And White moves the rook from h1 to f1 with the other hand
      And White presses the clock
      Then the move is penalised as illegal under article 7.5.4
      And the move 0-0 has been played
      And the arbiter gives Black 2 extra minutes
      And Black is to move

    # de (001): "Zuerst den Turm zu berühren fällt unter 4.4.2."
    @OTB-01 @OTB-02
    Scenario: Moving the rook first and then the king is not castling made correctly
      Given White: Ke1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White touches the rook on h1
      And White touches the king on e1
      Then White may not castle kingside this move
      And White must move the rook on h1
      When White moves the rook from h1 to f1
      And White moves the king from e1 to g1
      Then that is refused under article 4.7
      When White presses the clock
      Then the move Rf1 has been played
      And there is a white king on e1
      And Black is to move

  @fide-4.4.2 @fide-4.3
  Rule: A rook touched first may not castle this move; touch-move applies to it

    # de (001): "Zuerst den Turm zu berühren fällt unter 4.4.2."
    # ru (003): "Если намеренно тронуть ладью первой, рокировка с ней на этом ходу не разрешается; действует правило «тронул — ходи»."
    @OTB-02 @fide-4.3.1
    Scenario: Touching the rook on a1 first rules out long castling, and the rook must be moved
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When White touches the rook on a1
      Then White may not castle long this move
      And White must move the rook on a1
      And White may not castle short this move
      And White may play Rd1 this move

    # ru (003): "Если намеренно тронуть ладью первой, рокировка с ней на этом ходу не разрешается; действует правило «тронул — ходи»."
    @OTB-02
    Scenario: The rook and then the king: still no castling with that rook, and the rook must move
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When White touches the rook on a1
      And White touches the king on e1
      Then White may not castle long this move
      And White must move the rook on a1
      When White moves the king from e1 to c1
      Then that is refused under article 4.3.1
      When White moves the rook from a1 to d1
      And White presses the clock
      Then the move Rd1 has been played
      And there is a white king on e1

    # ru (003): "Нужно выполнить требования правила «тронул — ходи», если возможен ход тронутой фигурой."
    @OTB-02 @fide-4.5
    Scenario: A touched rook that cannot move frees the player; the king touched next must move
      Given White: Ke1 Ra1 Rh1 Nb1 Pa2 Pf2 Pg2 Ph2
      And Black: Ke8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When White touches the rook on a1
      Then the rook on a1 has no legal move
      And White may make any legal move
      When White touches the king on e1
      Then White must move the king on e1
      And White may castle short this move

  @fide-4.4.3
  Rule: A king touched to castle illegally must make another king move

    # ru (003): "Если начали с короля, но рокировка оказалась невозможной, нужно сделать другой законный ход королём; им может быть рокировка с другой ладьёй."
    @OTB-03
    Scenario: Long castling is illegal, so the touched king must make another king move, short castling included
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Kg8 Rd8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When White touches the king on e1
      And White touches the rook on a1
      Then White must make a king move
      And White may not castle long this move
      And White may castle short this move
      And White may play Kf1 this move
      When White moves the rook from a1 to b1
      Then that is refused under article 4.4.3

    # ru (003): "Если начали с короля, но рокировка оказалась невозможной, нужно сделать другой законный ход королём; им может быть рокировка с другой ладьёй."
    @OTB-03 @fide-4.7.2
    Scenario: The king put down on c1 where long castling is illegal castles short instead
      Given White: Ke1 Ra1 Rh1 Pf2 Pg2 Ph2
      And Black: Kg8 Rd8
      And White to move
      And White may still castle both ways
      Then the legal moves are as pinned
      When White moves the king from e1 to c1
      Then White must make a king move
      When White moves the king from c1 to g1
      And White moves the rook from h1 to f1
      And White presses the clock
      Then the move 0-0 has been played
      And there is a white rook on a1

    # ru (003): "Если король не имеет законного хода, разрешён другой законный ход."
    @OTB-03
    Scenario: A king with no legal move frees the player for any legal move
      Given White: Ke1 Qd1 Bf1 Rh1 Pd2 Pe2 Pf2
      And Black: Ke8
      And White to move
      And White may still castle short
      Then the legal moves are as pinned
      When White touches the king on e1
      And White touches the rook on h1
      Then the king on e1 has no legal move
      And White may make any legal move
      When White moves the bishop from f1 to g2
      And White presses the clock
      Then the move Bg2 has been played

  @fide-6.11.2
  Rule: A missing promotion piece: stop the clock and call the arbiter

    # de (001): "Fehlt beim Turnier die gewünschte Figur, halte die Uhr an und bitte nach 6.11.2 den Schiedsrichter um Hilfe."
    # de (001): "Sie muss nicht zuvor geschlagen worden sein: Zwei Damen sind erlaubt."
    @OTB-04
    Scenario: White wants a second queen that is not at the board
      Given White: Ke1 Qd1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White moves the pawn from a7 to a8
      Then there is no white queen beside the board
      When White places a queen on a8
      Then that is refused under article 4
      When White stops the clock
      Then the clock is paused
      When White calls the arbiter
      Then the arbiter provides a white queen
      And the clock is running
      When White places a queen on a8
      And White presses the clock
      Then the move a7-a8=Q+ has been played
      And there is a white queen on a8
      And there is a white queen on d1
      And Black is to move

    # de (001): "Fehlt beim Turnier die gewünschte Figur, halte die Uhr an und bitte nach 6.11.2 den Schiedsrichter um Hilfe."
    @OTB-04
    Scenario: A queen beside the board needs no arbiter
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      And there is a white queen beside the board
      When White moves the pawn from a7 to a8
      And White places a queen on a8
      And White presses the clock
      Then the move a7-a8=Q+ has been played
      And Black is to move

    # de (001): "Drücke die Uhr nicht, solange ein unverwandelter Bauer auf der letzten Reihe steht."
    @OTB-04 @OTB-05 @fide-7.5.2
    Scenario: Pressing the clock instead of calling the arbiter: the pawn becomes a queen all the same
      Given White: Ke1 Qd1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White moves the pawn from a7 to a8
      And White presses the clock
      Then the move is illegal under article 7.5.2
      And the pawn on a8 becomes a queen
      And the arbiter gives Black 2 extra minutes
      And there is a white queen on d1
      And Black is to move

  @fide-4.6 @fide-7.5.2
  Rule: The clock is not pressed while an unpromoted pawn stands on the last rank

    # de (001): "Drücke die Uhr nicht, solange ein unverwandelter Bauer auf der letzten Reihe steht."
    @OTB-05
    Scenario: Pressing the clock before placing the new piece is an illegal move
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White moves the pawn from a7 to a8
      And White presses the clock
      Then the move is illegal under article 7.5.2
      And the pawn on a8 becomes a queen
      And the move a7-a8=Q+ has been played
      And the arbiter gives Black 2 extra minutes
      And Black is to move

    # de (001): "Drücke die Uhr nicht, solange ein unverwandelter Bauer auf der letzten Reihe steht."
    @OTB-05 @fide-4.7.3 @fide-4.4.4
    Scenario: The promotion is complete when the new piece stands on the square
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White moves the pawn from a7 to a8
      And White places a knight on a8
      Then White must press the clock
      When White places a queen on a8
      Then that is refused under article 4.4.4
      When White presses the clock
      Then the move a7-a8=N has been played
      And there is a white knight on a8
      And Black is to move

    # de (001): "Auf der letzten Reihe wird der Bauer im selben Zug durch Dame, Turm, Läufer oder Springer seiner Farbe ersetzt."
    @OTB-05 @fide-4.6 @fide-4.6.1 @fide-4.6.2
    Scenario: The pawn may come off a7 and the new piece go straight to a8
      Given White: Ke1 Pa7
      And Black: Kh8
      And White to move
      Then the legal moves are as pinned
      When White removes the pawn from a7
      Then White must move the pawn on a7
      When White places a rook on a8
      And White presses the clock
      Then the move a7-a8=R+ has been played
      And Black is to move
