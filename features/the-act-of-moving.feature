Feature: The act of moving the pieces: touching, capturing and promoting at the board
  What counts as touching a piece, what a touched enemy piece obliges, when
  a capture or a promotion is made, and how the board of a blind or
  visually impaired player changes what "touched" means. (FIDE Laws of
  Chess, Article 4 and Appendix D.)

  A player touches, moves and lets go of pieces, removes a captured piece
  and places a promotion piece; lawbook's over-the-board model answers as
  the Laws say. These are facts of lawbook's own model, not questions for
  other engines, which report these scenarios as unsupported.

  @fide-4.2.2
  Rule: Any contact with a piece counts as touching it with intent, unless it was clearly an accident

    # FIDE 4.2.1 and 4.2.2, in our words: only a player who says so first
    # may adjust a piece without having to move it; any other contact counts
    # as touching with intent.
    Scenario: White adjusts the knight on g1 without saying "j'adoube": White must move it
      Given the initial position
      When White adjusts the knight on g1 without saying "j'adoube"
      Then White must move the knight on g1

    # FIDE 4.2.2, in our words: a contact that was clearly an accident binds
    # to nothing. (Whether it was clearly an accident is for the arbiter to
    # judge; the scenario says that it was.)
    Scenario: White brushes against the knight on g1 by accident: White may make any legal move
      Given the initial position
      When White brushes against the knight on g1 by accident
      Then White may make any legal move

  @fide-4.3.2 @fide-4.5
  Rule: A touched enemy piece must be captured, if it can be

    # FIDE 4.3.2, in our words: a player who touches an opponent's piece
    # with intent must capture it, with any piece that can.
    Scenario: White touches Black's pawn on d5: White must capture it, with the knight or the pawn
      Given White: Ke1 Nc3 Pe4 Ph2
      And Black: Ke8 Pd5 Ph7
      And White to move
      When White touches the pawn on d5
      Then White must capture the pawn on d5
      And White may play Nxd5 this move
      And White may play exd5 this move
      And White may not play h3 this move

    # FIDE 4.5, in our words: when no touched piece can be moved or
    # captured, the player may make any legal move.
    Scenario: White touches Black's pawn on h7, which no white piece can capture: White may make any legal move
      Given White: Ke1 Nc3 Pe4 Ph2
      And Black: Ke8 Pd5 Ph7
      And White to move
      When White touches the pawn on h7
      Then White may make any legal move

  @fide-4.3.3
  Rule: An own piece and then an enemy piece touched: the first must capture the second, if it can

    # FIDE 4.3.3, in our words: with pieces of both colours touched, the
    # player captures the first touched enemy piece with the first touched
    # own piece.
    Scenario: White touches the knight on c3 and then Black's pawn on d5: the knight must capture it
      Given White: Ke1 Nc3 Pe4 Ph2
      And Black: Ke8 Pd5 Ph7
      And White to move
      When White touches the knight on c3
      And White touches the pawn on d5
      Then White must capture the pawn on d5 with the knight on c3
      And White may not play exd5 this move

    # FIDE 4.3.3, in our words: if that capture is illegal, the player moves
    # or captures with the first touched piece that can be moved or captured.
    Scenario: The bishop on f1 cannot capture the pawn on d5 it was touched with: the bishop, touched first, must move
      Given White: Ke1 Bf1 Pe4 Ph2
      And Black: Ke8 Pd5 Ph7
      And White to move
      When White touches the bishop on f1
      And White touches the pawn on d5
      Then White must move the bishop on f1

  @fide-4.7.1
  Rule: A capture is made once the captured piece is off the board and the capturing piece let go of

    # FIDE 4.7.1, in our words: the capture is made when the captured piece
    # has been removed and the capturing piece released on its square.
    Scenario: The knight stands on d5, but Black's pawn is still there: the clock may not be pressed yet
      Given White: Ke1 Nc3 Pe4 Ph2
      And Black: Ke8 Pd5 Ph7
      And White to move
      When White moves the knight from c3 to d5
      And White presses the clock
      Then that is refused under article 4.7.1
      When White removes the captured pawn from d5
      And White presses the clock
      Then the move Nc3xd5 has been played
      And Black is to move

  @fide-4.6.3
  Rule: An enemy piece on the promotion square must be captured

    # FIDE 4.6.1 and 4.6.3, in our words: the pawn need not be put on the
    # promotion square first, but an opponent's piece standing there has to
    # be captured: the new piece cannot simply stand on top of it.
    Scenario: White takes the pawn off b7 and puts a queen on a8, where Black's rook still stands: the rook must be captured
      Given White: Kg1 Pb7
      And Black: Kh8 Ra8
      And White to move
      When White removes the pawn from b7
      And White places a queen on a8
      And White presses the clock
      Then that is refused under article 4.7.1
      When White removes the captured rook from a8
      And White presses the clock
      Then the move b7xa8=Q+ has been played

  @fide-4.8
  Rule: A complaint about the opponent's touching must come before touching a piece oneself

    # FIDE 4.8, in our words: a player may claim that the opponent broke the
    # rules of touching only until touching a piece to move or capture it.
    # Here no arbiter holds the players to touch-move at once: a breach
    # stands unless it is claimed.
    Scenario: White touches the knight on g1 and plays e4; Black claims at once: e4 is taken back and White must move the knight
      Given the initial position
      And touch-move is held only on the opponent's claim
      When White touches the knight on g1
      And White moves the pawn from e2 to e4
      And White presses the clock
      Then the answer notes article 4.8
      When Black claims that White broke touch-move
      Then the move is taken back and White is held to touch-move
      And White must move the knight on g1

    # FIDE 4.8, in our words: once the claimant has touched a piece, the
    # claim comes too late and the move stands.
    Scenario: The same, but Black first touches the pawn on e7: the claim comes too late, and Black must move that pawn
      Given the initial position
      And touch-move is held only on the opponent's claim
      When White touches the knight on g1
      And White moves the pawn from e2 to e4
      And White presses the clock
      And Black touches the pawn on e7
      And Black claims that White broke touch-move
      Then that is refused under article 4.8
      And Black must move the pawn on e7

  @fide-D.2.2 @fide-D.2.5
  Rule: On the board of a blind or visually impaired player, a piece is touched only when taken out of its hole

    # FIDE Appendix D.2.2, in our words: on the specially made board of a
    # visually impaired player, a piece counts as touched once it has been
    # taken out of its securing hole; feeling it in place binds to nothing.
    Scenario: Black, who is visually impaired, feels the knight on g8 in its hole: Black may make any legal move
      Given the position after 1. e4
      And Black plays on a board for the blind and visually impaired
      When Black feels the knight on g8 in its hole
      Then Black may make any legal move

    # FIDE Appendix D.2.2, in our words: taken out of its hole, the piece is
    # touched, and touch-move applies.
    Scenario: Black, who is visually impaired, takes the knight on g8 out of its hole: Black must move it
      Given the position after 1. e4
      And Black plays on a board for the blind and visually impaired
      When Black touches the knight on g8
      Then Black must move the knight on g8

    # FIDE Appendix D.2.5, in our words: for the sighted player the usual
    # rules hold, so feeling a piece is touching it (4.2.2).
    Scenario: A sighted player who feels the knight on g1 has touched it and must move it
      Given the initial position
      And Black plays on a board for the blind and visually impaired
      When White feels the knight on g1 in its hole
      Then White must move the knight on g1

  @fide-D.2.3 @fide-D.2.3.1 @fide-D.2.3.2 @fide-D.2.3.3 @fide-D.2.4
  Rule: A visually impaired player's move is made once the piece is in its new hole and the move announced

    # FIDE Appendix D.2.3 and D.2.4, in our words: the visually impaired
    # player's move is made when the piece is in a different hole, any
    # captured piece is off the board, and the move has been announced;
    # only then is the opponent's clock started.
    Scenario: Black, who is visually impaired, plays Nf6 and presses the clock before announcing it: not yet
      Given the position after 1. e4
      And Black plays on a board for the blind and visually impaired
      When Black moves the knight from g8 to f6
      And Black presses the clock
      Then that is refused under article D.2.3
      When Black announces the move
      And Black presses the clock
      Then the move Ng8-f6 has been played
      And White is to move

    # FIDE Appendix D.2.5, in our words: for the sighted player the usual
    # rules hold: the move is made on the board, and pressing the clock
    # completes it.
    Scenario: The sighted player completes a move by pressing the clock as usual
      Given the initial position
      And Black plays on a board for the blind and visually impaired
      When White moves the pawn from e2 to e4
      And White presses the clock
      Then the move e2-e4 has been played
