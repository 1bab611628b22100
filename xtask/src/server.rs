//! A small static file server for the playground, used by `cargo xtask serve`
//! and by the browser tests. It serves one directory on a loopback address,
//! never follows paths outside it, sends the MIME types browsers need to
//! stream-compile WebAssembly, and answers with a precompressed `.br` or
//! `.gz` sibling of a file when the request's `Accept-Encoding` allows it.
//!
//! Every connection gets its own thread for as long as it stays open. (An
//! earlier version used tiny_http, whose pool queued a new connection
//! behind busy threads when several arrived at once: with the browser's
//! keep-alive connections open, that request was never read, and a page
//! load sometimes never started the bundle. See docs/perf.md.)

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// How long an idle keep-alive connection stays open.
const IDLE: Duration = Duration::from_secs(30);

/// The largest request head (request line and headers) accepted.
const MAX_HEAD: usize = 64 * 1024;

/// A running server; stops when dropped.
pub struct Server {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    port: u16,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 = any free port).
    pub fn start(root: &Path, port: u16) -> Result<Server, String> {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        let stop = Arc::new(AtomicBool::new(false));
        let root: Arc<Path> = root
            .canonicalize()
            .map_err(|e| format!("cannot serve {}: {e}", root.display()))?
            .into();
        let s = stop.clone();
        let thread = std::thread::spawn(move || {
            for conn in listener.incoming() {
                if s.load(Ordering::Relaxed) {
                    break;
                }
                // A failed accept (a connection reset before it was taken,
                // too many open files) loses that connection only.
                let Ok(conn) = conn else { continue };
                let root = root.clone();
                std::thread::spawn(move || serve_connection(&root, conn));
            }
        });
        Ok(Server {
            stop,
            thread: Some(thread),
            port,
        })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Blocks until the process is interrupted.
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // wake the accept loop so that it sees the flag
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// One parsed request head.
#[derive(Debug, Default)]
struct Request {
    method: String,
    target: String,
    keep_alive: bool,
    accept_encoding: String,
    body_len: usize,
}

/// Reads one request head; `None` at a clean end of the connection.
fn read_request(r: &mut impl BufRead) -> Result<Option<Request>, String> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let n = r
            .by_ref()
            .take((MAX_HEAD - before) as u64)
            .read_until(b'\n', &mut head)
            .map_err(|e| e.to_string())?;
        if n == 0 {
            return if head.is_empty() {
                Ok(None)
            } else {
                Err("connection closed inside a request".into())
            };
        }
        if head.len() >= MAX_HEAD {
            return Err("request head too large".into());
        }
        let line = &head[before..];
        // a blank line ends the head (blank lines before a request are skipped)
        if (line == b"\r\n" || line == b"\n") && before > 0 {
            break;
        }
        if before == 0 && (line == b"\r\n" || line == b"\n") {
            head.clear();
        }
    }
    let text = String::from_utf8(head).map_err(|_| "request head is not UTF-8")?;
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or("").split(' ');
    let (method, target, version) = match (first.next(), first.next(), first.next()) {
        (Some(m), Some(t), Some(v)) if v.starts_with("HTTP/1.") => (m, t, v),
        _ => return Err("bad request line".into()),
    };
    let mut req = Request {
        method: method.to_string(),
        target: target.to_string(),
        keep_alive: version == "HTTP/1.1",
        ..Request::default()
    };
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "connection" => {
                let v = value.to_ascii_lowercase();
                if v.contains("close") {
                    req.keep_alive = false;
                } else if v.contains("keep-alive") {
                    req.keep_alive = true;
                }
            }
            "accept-encoding" => req.accept_encoding = value.to_string(),
            "content-length" => {
                req.body_len = value.parse().map_err(|_| "bad Content-Length")?;
            }
            "transfer-encoding" => return Err("chunked request bodies are not supported".into()),
            _ => {}
        }
    }
    Ok(Some(req))
}

fn serve_connection(root: &Path, conn: TcpStream) {
    let _ = conn.set_read_timeout(Some(IDLE));
    let _ = conn.set_nodelay(true);
    let Ok(mut out) = conn.try_clone() else {
        return;
    };
    let mut input = BufReader::new(conn);
    loop {
        let req = match read_request(&mut input) {
            Ok(Some(req)) => req,
            Ok(None) => break,
            Err(e) => {
                let _ = write_response(&mut out, &plain(400, &format!("{e}\n")), false, false);
                break;
            }
        };
        // this server takes no uploads: skip any body
        if std::io::copy(
            &mut input.by_ref().take(req.body_len as u64),
            &mut std::io::sink(),
        )
        .is_err()
        {
            break;
        }
        let resp = respond(root, &req);
        let head_only = req.method == "HEAD";
        if write_response(&mut out, &resp, head_only, req.keep_alive).is_err() || !req.keep_alive {
            break;
        }
    }
    let _ = out.shutdown(Shutdown::Both);
}

/// A response: status, headers and body.
#[derive(Debug)]
pub struct Response {
    /// HTTP status code.
    pub status: u16,
    /// Headers other than Content-Length and Connection.
    pub headers: Vec<(&'static str, String)>,
    /// The body (sent for GET, left out for HEAD).
    pub body: Vec<u8>,
}

fn plain(status: u16, text: &str) -> Response {
    Response {
        status,
        headers: vec![("Content-Type", "text/plain; charset=utf-8".into())],
        body: text.as_bytes().to_vec(),
    }
}

fn write_response(
    out: &mut impl Write,
    resp: &Response,
    head_only: bool,
    keep_alive: bool,
) -> std::io::Result<()> {
    let reason = match resp.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "",
    };
    let mut head = format!("HTTP/1.1 {} {reason}\r\n", resp.status);
    for (k, v) in &resp.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {}\r\nConnection: {}\r\n\r\n",
        resp.body.len(),
        if keep_alive { "keep-alive" } else { "close" }
    ));
    let mut buf = head.into_bytes();
    if !head_only {
        buf.extend_from_slice(&resp.body);
    }
    out.write_all(&buf)?;
    out.flush()
}

/// The encodings this server can answer with, best first, as (token, file
/// suffix).
const ENCODINGS: &[(&str, &str)] = &[("br", "br"), ("gzip", "gz")];

/// Whether an `Accept-Encoding` value allows `coding` (a q-value of 0 or
/// no mention refuses it; `*` stands for anything not mentioned).
pub fn accepts(accept_encoding: &str, coding: &str) -> bool {
    let mut star = None;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q=").map(str::trim))
            .find_map(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        if name == coding {
            return q > 0.0;
        }
        if name == "*" {
            star = Some(q > 0.0);
        }
    }
    star.unwrap_or(false)
}

/// The precompressed sibling to send for `path` (`(Content-Encoding,
/// file)`), if the client accepts one and it is not older than the file.
pub fn negotiate(path: &Path, accept_encoding: &str) -> Option<(&'static str, PathBuf)> {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let original = modified(path)?;
    ENCODINGS.iter().find_map(|&(coding, suffix)| {
        if !accepts(accept_encoding, coding) {
            return None;
        }
        let mut name = path.file_name()?.to_os_string();
        name.push(".");
        name.push(suffix);
        let sibling = path.with_file_name(name);
        (modified(&sibling)? >= original).then_some((coding, sibling))
    })
}

/// The response to one request.
fn respond(root: &Path, req: &Request) -> Response {
    if req.method != "GET" && req.method != "HEAD" {
        let mut r = plain(405, "only GET and HEAD\n");
        r.headers.push(("Allow", "GET, HEAD".into()));
        return r;
    }
    let Some(path) = resolve(root, &req.target) else {
        return plain(404, "not found\n");
    };
    let mut headers = vec![
        ("Content-Type", mime(&path).to_string()),
        ("Cache-Control", "no-cache".to_string()),
        ("Vary", "Accept-Encoding".to_string()),
    ];
    let (file, coding) = match negotiate(&path, &req.accept_encoding) {
        Some((coding, sibling)) => (sibling, Some(coding)),
        None => (path, None),
    };
    match std::fs::read(&file) {
        Ok(body) => {
            if let Some(c) = coding {
                headers.push(("Content-Encoding", c.to_string()));
            }
            Response {
                status: 200,
                headers,
                body,
            }
        }
        Err(_) => plain(404, "not found\n"),
    }
}

/// Maps a request path to a file under `root`, refusing anything that would
/// leave it. `/` and folders map to their `index.html`.
pub fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let path = url_path.split(['?', '#']).next().unwrap_or("/");
    let decoded = percent_decode(path)?;
    let mut out = root.to_path_buf();
    for comp in Path::new(decoded.trim_start_matches('/')).components() {
        match comp {
            Component::Normal(c) => out.push(c),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if out.is_dir() {
        out.push("index.html");
    }
    let canon = out.canonicalize().ok()?;
    canon.starts_with(root).then_some(canon)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The Content-Type for a file name.
pub fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "webmanifest" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "s" | "isa" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolve_stays_inside_root() {
        let root = std::env::temp_dir().join(format!("ws-srv-{}", std::process::id()));
        std::fs::create_dir_all(root.join("static")).unwrap();
        std::fs::write(root.join("index.html"), "hi").unwrap();
        std::fs::write(root.join("static/a b.css"), "x").unwrap();
        let root = root.canonicalize().unwrap();
        assert_eq!(resolve(&root, "/"), Some(root.join("index.html")));
        assert_eq!(resolve(&root, "/?x=1#frag"), Some(root.join("index.html")));
        assert_eq!(
            resolve(&root, "/static/a%20b.css"),
            Some(root.join("static/a b.css"))
        );
        assert_eq!(resolve(&root, "/../etc/passwd"), None);
        assert_eq!(resolve(&root, "/static/%2e%2e/%2e%2e/x"), None);
        assert_eq!(resolve(&root, "/missing.js"), None);
        assert_eq!(resolve(&root, "/%zz"), None);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn serves_files_with_wasm_mime() {
        let root = std::env::temp_dir().join(format!("ws-srv2-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("m.wasm"), [0u8, 97, 115, 109]).unwrap();
        let srv = Server::start(&root, 0).unwrap();
        let agent = crate::webdriver::agent();
        let mut resp = agent.get(&format!("{}m.wasm", srv.url())).call().unwrap();
        assert_eq!(resp.status().as_u16(), 200);
        let mime = resp
            .headers()
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap();
        assert_eq!(mime, "application/wasm");
        assert_eq!(
            resp.body_mut().read_to_vec().unwrap(),
            vec![0u8, 97, 115, 109]
        );
        let (status, _) =
            crate::webdriver::request(&agent, "GET", &format!("{}nope", srv.url()), None).unwrap();
        assert_eq!(status, 404);
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }

    /// Sends `head` on `conn` and reads one response: (status, headers
    /// lowercased, body), the body by its Content-Length.
    fn exchange(conn: &mut TcpStream, head: &str) -> (u16, String, Vec<u8>) {
        conn.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        conn.write_all(head.as_bytes()).unwrap();
        let mut r = BufReader::new(conn.try_clone().unwrap());
        let mut headers = String::new();
        loop {
            let mut line = String::new();
            r.read_line(&mut line).expect("a response within 5 s");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            headers.push_str(&line.to_ascii_lowercase());
        }
        let status = headers[9..12].parse().unwrap();
        let len: usize = headers
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .map(|v| v.trim().parse().unwrap())
            .unwrap_or(0);
        let mut body = vec![0; if head.starts_with("HEAD") { 0 } else { len }];
        r.read_exact(&mut body).unwrap();
        (status, headers, body)
    }

    fn get(path: &str, extra: &str) -> String {
        format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n")
    }

    #[test]
    fn many_keep_alive_connections_at_once_are_all_answered() {
        // A browser opens several connections at once and keeps them open.
        // Every one of them must be read, also the ones that arrive while
        // the others are still open and idle.
        let root = std::env::temp_dir().join(format!("ws-srv3-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("a.txt"), "hello").unwrap();
        let srv = Server::start(&root, 0).unwrap();
        let mut conns: Vec<TcpStream> = (0..24)
            .map(|_| TcpStream::connect(("127.0.0.1", srv.port())).unwrap())
            .collect();
        for (i, c) in conns.iter_mut().enumerate().rev() {
            let (status, head, body) = exchange(c, &get("/a.txt", ""));
            assert_eq!(
                (status, body.as_slice()),
                (200, &b"hello"[..]),
                "connection {i}"
            );
            assert!(head.contains("connection: keep-alive"), "{head}");
        }
        // and each connection serves a second request
        for c in &mut conns {
            assert_eq!(exchange(c, &get("/a.txt", "")).0, 200);
        }
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn accept_encoding_is_parsed_with_q_values() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("gzip, deflate, br", "gzip"));
        assert!(!accepts("gzip, deflate", "br"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(accepts("br;q=0.5", "br"));
        assert!(accepts("*", "gzip"));
        assert!(!accepts("*;q=0", "gzip"));
        assert!(!accepts("gzip;q=0, *", "gzip"));
        assert!(!accepts("", "gzip"));
        assert!(accepts("GZIP", "gzip"));
    }

    #[test]
    fn precompressed_siblings_are_served_when_accepted() {
        let root = std::env::temp_dir().join(format!("ws-srv4-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("m.wasm"), b"original").unwrap();
        std::fs::write(root.join("plain.js"), b"no siblings").unwrap();
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("m.wasm.gz"), b"gzipped").unwrap();
        std::fs::write(root.join("m.wasm.br"), b"brotli").unwrap();
        let srv = Server::start(&root, 0).unwrap();
        let mut c = TcpStream::connect(("127.0.0.1", srv.port())).unwrap();
        let cases = [
            ("gzip, deflate, br", "brotli", Some("br")),
            ("gzip, deflate", "gzipped", Some("gzip")),
            ("br;q=0, gzip", "gzipped", Some("gzip")),
            ("identity", "original", None),
            ("", "original", None),
        ];
        for (accept, want, coding) in cases {
            let (status, head, body) = exchange(
                &mut c,
                &get("/m.wasm", &format!("Accept-Encoding: {accept}\r\n")),
            );
            assert_eq!(status, 200);
            assert_eq!(body, want.as_bytes(), "Accept-Encoding: {accept}");
            assert!(head.contains("content-type: application/wasm"), "{head}");
            assert!(head.contains("vary: accept-encoding"), "{head}");
            match coding {
                Some(c) => assert!(
                    head.contains(&format!("content-encoding: {c}\r\n")),
                    "{head}"
                ),
                None => assert!(!head.contains("content-encoding"), "{head}"),
            }
        }
        let (_, head, body) = exchange(&mut c, &get("/plain.js", "Accept-Encoding: gzip, br\r\n"));
        assert_eq!(body, b"no siblings");
        assert!(!head.contains("content-encoding"), "{head}");

        // a sibling older than its file (left from an earlier build) is ignored
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("m.wasm"), b"rebuilt").unwrap();
        let (_, head, body) = exchange(&mut c, &get("/m.wasm", "Accept-Encoding: gzip, br\r\n"));
        assert_eq!(body, b"rebuilt");
        assert!(!head.contains("content-encoding"), "{head}");
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn head_has_the_length_without_the_body_and_other_methods_are_refused() {
        let root = std::env::temp_dir().join(format!("ws-srv5-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        std::fs::write(root.join("index.html"), "<p>hi</p>").unwrap();
        let srv = Server::start(&root, 0).unwrap();
        let mut c = TcpStream::connect(("127.0.0.1", srv.port())).unwrap();
        let (status, head, _) = exchange(&mut c, "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert_eq!(status, 200);
        assert!(head.contains("content-length: 9\r\n"), "{head}");
        // the connection is still in step: the next answer is the next request's
        let (status, head, body) = exchange(
            &mut c,
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
        );
        assert_eq!(status, 405);
        assert!(head.contains("allow: get, head"), "{head}");
        assert_eq!(body, b"only GET and HEAD\n");
        let (status, head, body) = exchange(&mut c, &get("/", "Connection: close\r\n"));
        assert_eq!((status, body.as_slice()), (200, &b"<p>hi</p>"[..]));
        assert!(head.contains("connection: close"), "{head}");
        let mut rest = Vec::new();
        c.read_to_end(&mut rest).unwrap();
        assert!(rest.is_empty(), "the server closes after Connection: close");
        let (status, _, _) = exchange(
            &mut TcpStream::connect(("127.0.0.1", srv.port())).unwrap(),
            "BOGUS\r\n\r\n",
        );
        assert_eq!(status, 400);
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }
}
