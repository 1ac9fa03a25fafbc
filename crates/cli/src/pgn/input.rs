//! Where the PGN comes from: a file or standard input (`-`), compressed with
//! zstd, gzip or bzip2 or not, recognised by its first bytes, never its name.

use std::fs::File;
use std::io::{self, Cursor, Read};
use std::path::Path;

/// The compressions recognised, by their magic bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Compression {
    None,
    Zstd,
    Gzip,
    Bzip2,
}

impl Compression {
    /// The compression whose magic bytes begin `head`.
    pub(crate) fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            _ => Compression::None,
        }
    }
}

/// An input to read: the name to show and its bytes, decompressed.
pub(crate) struct Input {
    pub(crate) name: String,
    pub(crate) reader: Box<dyn Read + Send>,
}

/// Reads up to `n` bytes (fewer only at the end of the input).
fn head(reader: &mut dyn Read, n: usize) -> io::Result<Vec<u8>> {
    let mut head = vec![0u8; n];
    let mut got = 0;
    while got < n {
        match reader.read(&mut head[got..]) {
            Ok(0) => break,
            Ok(k) => got += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    head.truncate(got);
    Ok(head)
}

/// Opens `path` (`-`: standard input), decompressing it when its first bytes say so.
pub(crate) fn open(path: &Path) -> Result<Input, String> {
    let (name, mut raw): (String, Box<dyn Read + Send>) = if path.as_os_str() == "-" {
        ("-".to_string(), Box::new(io::stdin()))
    } else {
        let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        (path.display().to_string(), Box::new(file))
    };
    let first = head(&mut raw, 4).map_err(|e| format!("cannot read {name}: {e}"))?;
    let compression = Compression::sniff(&first);
    let whole = Cursor::new(first).chain(raw);
    let reader: Box<dyn Read + Send> = match compression {
        Compression::None => Box::new(whole),
        Compression::Zstd => {
            Box::new(zstd::Decoder::new(whole).map_err(|e| format!("cannot read {name} (zstd-compressed): {e}"))?)
        }
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
    };
    Ok(Input { name, reader })
}

#[cfg(test)]
mod tests {
    use super::Compression;

    #[test]
    fn magic_bytes() {
        assert_eq!(Compression::sniff(&[0x28, 0xb5, 0x2f, 0xfd]), Compression::Zstd);
        assert_eq!(Compression::sniff(&[0x1f, 0x8b, 8, 0]), Compression::Gzip);
        assert_eq!(Compression::sniff(b"BZh9"), Compression::Bzip2);
        assert_eq!(Compression::sniff(b"BZh0"), Compression::None);
        assert_eq!(Compression::sniff(b"[Eve"), Compression::None);
        assert_eq!(Compression::sniff(b""), Compression::None);
    }
}
