//! The `protocol` target.

use std::io::BufReader;

/// A `lawbook serve` session, any bytes: no panic, no hang; one reply line
/// per non-blank request line, each a JSON object carrying an id.
pub fn protocol(data: &[u8]) {
    let mut out = Vec::new();
    lawbook_cli::serve::serve(BufReader::new(data), &mut out).expect("in-memory streams do not fail");
    let replies = std::str::from_utf8(&out).expect("replies are UTF-8");
    let requests = data
        .split(|&b| b == b'\n')
        .filter(|line| std::str::from_utf8(line).map_or(true, |t| !t.trim().is_empty()))
        .count();
    assert_eq!(replies.lines().count(), requests, "one reply per request line");
    for line in replies.lines() {
        let reply: serde_json::Value = serde_json::from_str(line).expect("each reply is JSON");
        assert!(reply.get("id").is_some(), "each reply has an id: {line}");
    }
}
