//! A minimal HTTP/1.1 client for loopback servers (the static server and
//! chromedriver). One request per connection, `Connection: close`.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Sends a request; returns (status, raw header block, body).
pub fn request(
    method: &str,
    url: &str,
    body: Option<&str>,
) -> Result<(u16, String, Vec<u8>), String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("only http:// URLs are supported: {url}"))?;
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let mut stream = TcpStream::connect(host).map_err(|e| format!("connect {host}: {e}"))?;
    stream.set_read_timeout(Some(Duration::from_secs(60))).ok();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(req.as_bytes())
        .map_err(|e| format!("send: {e}"))?;
    // Some servers (chromedriver) keep the connection open despite
    // `Connection: close`, so the body is read by its Content-Length.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let split = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i;
        }
        let n = stream.read(&mut buf).map_err(|e| format!("read: {e}"))?;
        if n == 0 {
            return Err("connection closed before the response headers".into());
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut body = raw[split + 4..].to_vec();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("malformed status line")?;
    let lower = head.to_ascii_lowercase();
    let length = lower.lines().find_map(|l| {
        l.strip_prefix("content-length:")
            .and_then(|v| v.trim().parse::<usize>().ok())
    });
    let chunked = lower.contains("transfer-encoding: chunked");
    loop {
        let complete = match length {
            Some(n) => body.len() >= n,
            None if chunked => body.windows(5).any(|w| w == b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let n = stream.read(&mut buf).map_err(|e| format!("read: {e}"))?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&buf[..n]);
    }
    if let Some(n) = length {
        body.truncate(n);
    } else if chunked {
        body = dechunk(&body)?;
    }
    Ok((status, head, body))
}

/// GET shorthand.
pub fn get(url: &str) -> Result<(u16, String, Vec<u8>), String> {
    request("GET", url, None)
}

fn dechunk(mut b: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let nl = b.windows(2).position(|w| w == b"\r\n").ok_or("bad chunk")?;
        let size_txt = String::from_utf8_lossy(&b[..nl]);
        let size = usize::from_str_radix(size_txt.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| "bad chunk size")?;
        b = &b[nl + 2..];
        if size == 0 {
            return Ok(out);
        }
        if b.len() < size + 2 {
            return Err("truncated chunk".into());
        }
        out.extend_from_slice(&b[..size]);
        b = &b[size + 2..];
    }
}
