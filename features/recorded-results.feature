Feature: Recorded results: how a game's record says it ended, judged by the Laws
  A game's record (a PGN file written by a server, a match runner or a
  person) says how the game ended in its result, in a Termination tag and
  often in a comment after the last move. These scenarios hold such records
  to the Laws with the moves of the game, as `lawbook pgn` does for every
  game it reads. (FIDE Laws of Chess, Articles 5, 6.9, 7.5.5 and 9.)

  The judging is lawbook's own, not a question for other engines, which
  report these scenarios as unsupported. A Termination tag is read by its
  meaning in the spellings servers and match runners use ("Time forfeit",
  "time forfeit", "Black won on time"); a comment only when it states the
  end ("Black loses on time", "Draw by 3-fold repetition").

  @fide-6.9 @fide-5.1.2 @fide-7.5.5
  Rule: A win after a flag, a resignation or an illegal move is a draw when the winner cannot checkmate by any series of legal moves

    # FIDE 6.9, in our words: the player whose flag falls loses, unless the
    # opponent cannot checkmate by any series of legal moves: then it is a
    # draw. A knight can never mate a king that has only a queen beside it.
    Scenario: Black's flag falls while White has only king and knight against king and queen: the recorded 1-0 is a draw
      Given the position q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the Termination tag "Time forfeit"
      Then the Laws give 1/2-1/2 instead, under article 6.9

    # The same flag in the words a match runner writes after the last move.
    Scenario: "Black loses on time" against king and knight is a draw too
      Given the position q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the comment "-0.10/5 0.1s, Black loses on time" after the last move
      Then the Laws give 1/2-1/2 instead, under article 6.9

    # A rook can mate: the flag loses.
    Scenario: Black's flag falls while White has king and rook: the recorded 1-0 stands
      Given the position 8/8/4k3/8/8/2R5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the Termination tag "time forfeit"
      Then the record stands by the Laws

    # A server that scores the flag against a side that cannot mate as a draw is right.
    Scenario: The same flag recorded as a draw stands
      Given the position q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1/2-1/2 with the Termination tag "Time forfeit"
      Then the record stands by the Laws

    # FIDE 5.1.2, in our words (since 2023): a player who resigns loses,
    # unless the opponent cannot checkmate by any series of legal moves.
    Scenario: White resigns while Black has only its king: the recorded 0-1 is a draw
      Given the position 8/8/4k3/8/8/2Q5/4K3/8 w - - 0 60
      When the game continues 60. Ke1 Kd6
      And the record gives 0-1 with the comment "White resigns" after the last move
      Then the Laws give 1/2-1/2 instead, under article 5.1.2

    # FIDE 7.5.5, in our words: the second illegal move loses, unless the
    # opponent cannot checkmate by any series of legal moves.
    Scenario: Black loses by an illegal move while White has only king and knight against king and queen: a draw
      Given the position q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the Termination tag "illegal move"
      Then the Laws give 1/2-1/2 instead, under article 7.5.5

    # A record that gives no reason: resignation or flag, the rule is the same.
    Scenario: A 1-0 with no reason given, no mate on the board, and a winner who cannot mate is a draw
      Given the position q7/8/4k3/8/8/2N5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 and says nothing of how the game ended
      Then the Laws give 1/2-1/2 instead, under article 5.1.2

  @fide-9.2 @fide-9.2.1 @fide-9.2.2 @fide-9.2.3 @fide-9.2.3.1
  Rule: A draw by threefold repetition needs the same position three times, counted as 9.2.3 counts it

    # FIDE 9.2.3, in our words: positions are the same only with the same
    # possible moves; after 1. e4 Black could capture d4xe3 en passant, so
    # that position is not the one the kings later walk back to.
    Scenario: The first position could take en passant: it is there twice, not three times, and no move makes a third
      Given the position 4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1
      When the game continues 1. e4 Kf7 2. Kf2 Ke8 3. Ke1 Kd7 4. Kd2 Ke8 5. Ke1
      And the record gives 1/2-1/2 with the comment "Draw by 3-fold repetition" after the last move
      Then the record names a claim no claimant could make under article 9.2

    Scenario: With the black pawn where it cannot capture, the position is there three times
      Given the position 4k3/8/8/8/p7/8/4P3/4K3 w - - 0 1
      When the game continues 1. e4 Kf7 2. Kf2 Ke8 3. Ke1 Kd7 4. Kd2 Ke8 5. Ke1
      And the record gives 1/2-1/2 with the comment "Draw by 3-fold repetition" after the last move
      Then the record stands by the Laws

    # FIDE 9.2.1, in our words: the player having the move may claim by
    # writing down a move that makes the position occur a third time.
    Scenario: Black may claim by announcing 4... Ng8, which brings the initial position a third time
      Given the initial position
      When the game continues 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1
      And the record gives 1/2-1/2 with the Termination tag "Game drawn by repetition"
      Then the record stands by the Laws

    # A match runner that refuses a valid claim and scores the game against
    # the claimant (White, who has just moved): here the en passant capture
    # after 1. e4 would leave the black king in check from the rook on h4,
    # so it is no possible move, and the position is there three times.
    Scenario: A valid claim scored as a false one and a loss is a draw
      Given the position 8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1
      When the game continues 1. e4 Ka5 2. Kd1 Ka4 3. Ke1 Ka5 4. Kd1 Ka4 5. Ke1
      And the record gives 0-1 with the comment "False draw claim: 'Draw by repetition'" after the last move
      Then the Laws give 1/2-1/2 instead, under article 9.2

  @fide-9.3 @fide-9.3.1 @fide-9.3.2 @fide-9.5.3
  Rule: A draw under the fifty-move rule needs fifty moves of each player without a capture or a pawn move

    # A rook move that loses a castling right starts no new count.
    Scenario: The rook's move that loses White's castling right is the hundredth quiet half-move: the claim stands
      Given the position r3k3/8/8/8/8/8/8/4K2R w Kq - 99 80
      When the game continues 80. Rh2
      And the record gives 1/2-1/2 with the comment "Draw by fifty moves rule" after the last move
      Then the record stands by the Laws

    Scenario: Ninety-eight quiet half-moves are not enough, even with a move announced
      Given the position r3k3/8/8/8/8/8/8/4K2R w Kq - 97 80
      When the game continues 80. Rh2
      And the record gives 1/2-1/2 with the comment "Draw by fifty moves rule" after the last move
      Then the record names a claim no claimant could make under article 9.3

    # FIDE 9.5.3, in our words: an incorrect claim gives the opponent two
    # more minutes, and the game goes on. A match runner may score it as a
    # loss by a rule of its own.
    Scenario: An incorrect claim scored as a lost game
      Given the position r3k3/8/8/8/8/8/8/4K2R w Kq - 97 80
      When the game continues 80. Rh2
      And the record gives 0-1 with the comment "False draw claim: '50 move rule'" after the last move
      Then the record names an incorrect claim as a lost game under article 9.5.3

  @fide-5.2.3
  Rule: A draw can be agreed only once both players have made a move

    Scenario: A draw agreed after 1. e4 alone is no agreement
      Given the initial position
      When the game continues 1. e4
      And the record gives 1/2-1/2 with the comment "Draw by agreement" after the last move
      Then the record names an agreement made before both players moved under article 5.2.3

    Scenario: A draw agreed after 1. e4 e5 stands
      Given the initial position
      When the game continues 1. e4 e5
      And the record gives 1/2-1/2 with the comment "Draw by agreement" after the last move
      Then the record stands by the Laws

  @fide-5.1.1 @fide-5.2.1 @fide-5.2.2 @fide-9.6.2
  Rule: An ending the record names must be on the board, and where two apply, checkmate comes first

    Scenario: A draw by insufficient material with a white rook on the board
      Given the position 8/8/4k3/8/8/2R5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1/2-1/2 with the comment "Draw by insufficient mating material" after the last move
      Then the record names an ending the position does not show under article 5.2.2

    Scenario: A checkmate recorded where there is none
      Given the position 8/8/4k3/8/8/2R5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the comment "White mates" after the last move
      Then the record names an ending the position does not show under article 5.1.1

    # FIDE 9.6.2, in our words: if the move that completes seventy-five
    # moves mates, the mate stands.
    Scenario: Mate on the seventy-fifth move recorded as a draw by the seventy-five-move rule
      Given the position 7k/Q7/6K1/8/8/8/8/8 w - - 149 120
      When the game continues 120. Qg7#
      And the record gives 1/2-1/2 with the Termination tag "75-move rule"
      Then the Laws give 1-0 instead, under article 9.6.2

    # FIDE 6.9, in our words: a flag gives way to a mate, a stalemate or a
    # dead position that came first.
    Scenario: Fool's mate recorded as a loss on time
      Given the initial position
      When the game continues 1. f3 e5 2. g4 Qh4#
      And the record gives 0-1 with the Termination tag "time forfeit"
      Then the record names an ending that came second under article 5.1.1

  Rule: An adjudication is reported, never judged as a breach of the Laws

    Scenario: A win by adjudication, as a match runner writes it
      Given the position 8/8/4k3/8/8/2R5/4K3/8 w - - 0 60
      When the game continues 60. Ke3 Kd6
      And the record gives 1-0 with the comment "+99.00/20 0.1s, White wins by adjudication: SyzygyTB" after the last move
      Then the record is reported as an adjudication, which the Laws do not judge
