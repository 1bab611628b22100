//! A small static file server for the playground, used by `cargo xtask serve`
//! and by the browser tests. It serves one directory on a loopback address,
//! never follows paths outside it, sends the MIME types browsers need to
//! stream-compile WebAssembly, and answers with a precompressed `.br` or
//! `.gz` sibling of a file when the request's `Accept-Encoding` allows it.
//! A small text file without one (the page, its style sheet) is compressed
//! when first asked for and kept until it changes.
//!
//! HTTP itself is hyper's (HTTP/1.1, keep-alive, `400` for a malformed
//! request); this file only decides what to answer. Every connection is a
//! task on a small tokio runtime, so an idle keep-alive connection holds no
//! thread and a new connection is always read. (An earlier version used
//! tiny_http, whose pool queued a new connection behind threads that idle
//! keep-alive connections held: that request was never read, and a page
//! load sometimes never started the bundle. See docs/perf.md.)

use bytes::Bytes;
use http_body_util::Full;
use hyper::header::{HeaderName, HeaderValue, ACCEPT_ENCODING, CONTENT_LENGTH};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::convert::Infallible;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime};
use tokio::sync::oneshot;

/// How long a connection may go without sending a whole request head; hyper
/// counts the idle time between keep-alive requests too, so an idle
/// connection is closed after this long.
const IDLE: Duration = Duration::from_secs(30);

/// A running server; stops when dropped.
pub struct Server {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    port: u16,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 = any free port).
    pub fn start(root: &Path, port: u16) -> Result<Server, String> {
        let listener = std::net::TcpListener::bind(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        listener.set_nonblocking(true).map_err(|e| e.to_string())?;
        let root: Arc<Path> = root
            .canonicalize()
            .map_err(|e| format!("cannot serve {}: {e}", root.display()))?
            .into();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("xtask-serve")
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| format!("cannot start the server runtime: {e}"))?;
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                tokio::select! {
                    _ = accept_loop(listener, root) => {}
                    _ = stopped => {}
                }
            });
            // ends the open connections' tasks too
            runtime.shutdown_background();
        });
        Ok(Server {
            stop: Some(stop),
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
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Accepts connections until the runtime stops, each served by its own task.
async fn accept_loop(listener: tokio::net::TcpListener, root: Arc<Path>) {
    loop {
        // A failed accept (a connection reset before it was taken, too many
        // open files) loses that connection only.
        let Ok((conn, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(10)).await;
            continue;
        };
        let _ = conn.set_nodelay(true);
        let root = root.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let root = root.clone();
                async move { Ok::<_, Infallible>(answer(&root, &req)) }
            });
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(IDLE)
                .serve_connection(TokioIo::new(conn), service)
                .await;
        });
    }
}

/// The hyper response to one request (its body, if any, is not read: this
/// server takes no uploads).
fn answer<B>(root: &Path, req: &hyper::Request<B>) -> hyper::Response<Full<Bytes>> {
    let accept_encoding = req
        .headers()
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ");
    let target = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let resp = respond(root, req.method().as_str(), target, &accept_encoding);
    let len = resp.body.len();
    let body = if req.method() == hyper::Method::HEAD {
        Bytes::new()
    } else {
        Bytes::from(resp.body)
    };
    let mut out = hyper::Response::new(Full::new(body));
    *out.status_mut() = hyper::StatusCode::from_u16(resp.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    for (name, value) in resp.headers {
        if let (Ok(k), Ok(v)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) {
            out.headers_mut().append(k, v);
        }
    }
    // HEAD answers carry the length of the body they leave out
    out.headers_mut()
        .insert(CONTENT_LENGTH, HeaderValue::from(len));
    out
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

/// Files up to this size are compressed on demand when they have no
/// precompressed sibling (a stale bundle is sent as it is rather than
/// making its first request wait seconds for brotli).
const COMPRESS_ON_DEMAND: u64 = 256 * 1024;

/// Compressed copies made on demand, by file, its modification time and
/// the encoding.
type Compressed = HashMap<(PathBuf, SystemTime, &'static str), Arc<Vec<u8>>>;

/// `path` compressed with the best encoding the client accepts, when it is
/// a small text file: made on the first request, kept until the file
/// changes.
fn compressed(path: &Path, accept_encoding: &str) -> Option<(&'static str, Arc<Vec<u8>>)> {
    static CACHE: OnceLock<Mutex<Compressed>> = OnceLock::new();
    let meta = std::fs::metadata(path).ok()?;
    if !crate::bundle::compressible(path) || meta.len() > COMPRESS_ON_DEMAND {
        return None;
    }
    let coding = ENCODINGS
        .iter()
        .map(|&(coding, _)| coding)
        .find(|c| accepts(accept_encoding, c))?;
    let key = (path.to_path_buf(), meta.modified().ok()?, coding);
    let cache = CACHE.get_or_init(Default::default);
    if let Some(body) = cache.lock().ok()?.get(&key) {
        return Some((coding, body.clone()));
    }
    let data = std::fs::read(path).ok()?;
    let body = match coding {
        "br" => crate::bundle::brotli(&data),
        _ => crate::bundle::gzip(&data),
    }
    .ok()?;
    let body = Arc::new(body);
    let mut cache = cache.lock().ok()?;
    // Copies of an older version of the file go; the other encoding of
    // this version stays.
    cache.retain(|(p, t, _), _| p != path || *t == key.1);
    cache.insert(key, body.clone());
    Some((coding, body))
}

/// The response to one request (`target` is the request's path and query).
fn respond(root: &Path, method: &str, target: &str, accept_encoding: &str) -> Response {
    if method != "GET" && method != "HEAD" {
        let mut r = plain(405, "only GET and HEAD\n");
        r.headers.push(("Allow", "GET, HEAD".into()));
        return r;
    }
    let Some(path) = resolve(root, target) else {
        return plain(404, "not found\n");
    };
    let mut headers = vec![
        ("Content-Type", mime(&path).to_string()),
        ("Cache-Control", "no-cache".to_string()),
        ("Vary", "Accept-Encoding".to_string()),
    ];
    let (file, coding) = match negotiate(&path, accept_encoding) {
        Some((coding, sibling)) => (sibling, Some(coding)),
        None => match compressed(&path, accept_encoding) {
            Some((coding, body)) => {
                headers.push(("Content-Encoding", coding.to_string()));
                return Response {
                    status: 200,
                    headers,
                    body: body.to_vec(),
                };
            }
            None => (path, None),
        },
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

    /// A fresh directory for one test, named `name`, holding `files` (paths
    /// relative to it, and their contents).
    fn root_with(name: &str, files: &[(&str, &[u8])]) -> PathBuf {
        let root = std::env::temp_dir().join(format!("ws-{name}-{}", std::process::id()));
        for (path, content) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, content).unwrap();
        }
        root
    }

    #[test]
    fn resolve_stays_inside_root() {
        let root = root_with("srv", &[("index.html", b"hi"), ("static/a b.css", b"x")]);
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
        let root = root_with("srv2", &[("m.wasm", &[0u8, 97, 115, 109])]);
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

    /// An agent that waits at most 5 s for an answer and does not decompress
    /// (ureq's compression features are off), so a body is the file's bytes.
    fn client() -> ureq::Agent {
        ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(5)))
            .build()
            .into()
    }

    /// A response's status, its named header (or "") and its body.
    fn parts(
        resp: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
        header: &str,
    ) -> (u16, String, Vec<u8>) {
        let mut resp = resp.expect("an answer within 5 s");
        let value = resp
            .headers()
            .get(header)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let body = resp.body_mut().read_to_vec().unwrap();
        (resp.status().as_u16(), value, body)
    }

    #[test]
    fn many_keep_alive_connections_at_once_are_all_answered() {
        // A browser opens several connections at once and keeps them open.
        // Every one of them must be read, also the ones that arrive while
        // the others are still open and idle.
        let root = root_with("srv3", &[("a.txt", b"hello")]);
        let srv = Server::start(&root, 0).unwrap();
        let url = format!("{}a.txt", srv.url());
        const N: usize = 24;
        let all_open = Arc::new(std::sync::Barrier::new(N + 1));
        let second = Arc::new(std::sync::Barrier::new(N + 1));
        let threads: Vec<_> = (0..N)
            .map(|i| {
                let (url, all_open, second) = (url.clone(), all_open.clone(), second.clone());
                std::thread::spawn(move || {
                    // one agent per thread: its own connection, kept open
                    let agent = client();
                    let first = parts(agent.get(&url).call(), "connection");
                    all_open.wait();
                    second.wait();
                    let again = parts(agent.get(&url).call(), "connection");
                    (i, first, again)
                })
            })
            .collect();
        all_open.wait();
        // every connection is open and idle: a new one is still answered
        let (status, _, body) = parts(client().get(&url).call(), "connection");
        assert_eq!((status, body.as_slice()), (200, &b"hello"[..]));
        second.wait();
        for t in threads {
            let (i, first, again) = t.join().unwrap();
            for (status, connection, body) in [first, again] {
                assert_eq!(
                    (status, body.as_slice()),
                    (200, &b"hello"[..]),
                    "connection {i}"
                );
                assert_ne!(connection, "close", "connection {i} is kept open");
            }
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
        let root = root_with(
            "srv4",
            &[("m.wasm", b"original"), ("plain.js", b"no siblings")],
        );
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("m.wasm.gz"), b"gzipped").unwrap();
        std::fs::write(root.join("m.wasm.br"), b"brotli").unwrap();
        let srv = Server::start(&root, 0).unwrap();
        let agent = client();
        let get = |path: &str, accept: &str| {
            let mut resp = agent
                .get(&format!("{}{path}", srv.url()))
                .header("Accept-Encoding", accept)
                .call()
                .expect("an answer within 5 s");
            let header = |name: &str| {
                resp.headers()
                    .get(name)
                    .map(|v| v.to_str().unwrap().to_string())
            };
            let heads = (
                header("content-type"),
                header("vary"),
                header("content-encoding"),
            );
            assert_eq!(resp.status().as_u16(), 200);
            (heads, resp.body_mut().read_to_vec().unwrap())
        };
        let cases = [
            ("gzip, deflate, br", "m.wasm.br", Some("br")),
            ("gzip, deflate", "m.wasm.gz", Some("gzip")),
            ("br;q=0, gzip", "m.wasm.gz", Some("gzip")),
            ("identity", "m.wasm", None),
            ("", "m.wasm", None),
        ];
        for (accept, file, coding) in cases {
            let ((mime, vary, encoding), body) = get("m.wasm", accept);
            assert_eq!(
                body,
                std::fs::read(root.join(file)).unwrap(),
                "Accept-Encoding: {accept}"
            );
            assert_eq!(mime.as_deref(), Some("application/wasm"));
            assert_eq!(vary.as_deref(), Some("Accept-Encoding"));
            assert_eq!(encoding.as_deref(), coding, "Accept-Encoding: {accept}");
        }
        // a small text file without siblings is compressed on demand, and
        // again once it changes
        let unbrotli = |b: &[u8]| {
            let mut out = Vec::new();
            brotli::BrotliDecompress(&mut &b[..], &mut out).unwrap();
            out
        };
        let ((_, _, encoding), body) = get("plain.js", "gzip, br");
        assert_eq!(encoding.as_deref(), Some("br"));
        assert_eq!(unbrotli(&body), b"no siblings");
        let ((_, _, encoding), body) = get("plain.js", "gzip");
        assert_eq!(encoding.as_deref(), Some("gzip"));
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut text)
            .unwrap();
        assert_eq!(text, b"no siblings");
        let ((_, _, encoding), body) = get("plain.js", "identity");
        assert_eq!((body.as_slice(), encoding), (&b"no siblings"[..], None));
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("plain.js"), b"changed").unwrap();
        let ((_, _, _), body) = get("plain.js", "br");
        assert_eq!(unbrotli(&body), b"changed");

        // a sibling older than its file (left from an earlier build) is
        // ignored, and the file is compressed instead
        std::thread::sleep(Duration::from_millis(20));
        std::fs::write(root.join("m.wasm"), b"rebuilt").unwrap();
        let ((_, _, encoding), body) = get("m.wasm", "gzip, br");
        assert_eq!(encoding.as_deref(), Some("br"));
        assert_eq!(unbrotli(&body), b"rebuilt");
        let ((_, _, encoding), body) = get("m.wasm", "");
        assert_eq!((body.as_slice(), encoding), (&b"rebuilt"[..], None));
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn head_has_the_length_without_the_body_and_other_methods_are_refused() {
        let root = root_with("srv5", &[("index.html", b"<p>hi</p>")]);
        let srv = Server::start(&root, 0).unwrap();
        let agent = client();
        let (status, length, body) = parts(agent.head(&srv.url()).call(), "content-length");
        assert_eq!((status, length.as_str(), body.len()), (200, "9", 0));
        // the kept connection is still in step: each answer is its request's
        let (status, allow, body) = parts(agent.post(&srv.url()).send(&b"abc"[..]), "allow");
        assert_eq!(
            (status, allow.as_str(), body.as_slice()),
            (405, "GET, HEAD", &b"only GET and HEAD\n"[..])
        );
        let (status, _, body) = parts(agent.delete(&srv.url()).call(), "allow");
        assert_eq!(
            (status, body.as_slice()),
            (405, &b"only GET and HEAD\n"[..])
        );
        let (status, _, body) = parts(agent.get(&srv.url()).call(), "");
        assert_eq!((status, body.as_slice()), (200, &b"<p>hi</p>"[..]));
        let (status, connection, _) = parts(
            agent.get(&srv.url()).header("Connection", "close").call(),
            "connection",
        );
        assert_eq!((status, connection.as_str()), (200, "close"));
        let (status, _, body) = parts(agent.get(&format!("{}nope", srv.url())).call(), "");
        assert_eq!((status, body.as_slice()), (404, &b"not found\n"[..]));
        // the encoded form of a path that leaves the root is refused
        let (status, _, _) = parts(
            agent
                .get(&format!("{}static/%2e%2e/%2e%2e/etc/passwd", srv.url()))
                .call(),
            "",
        );
        assert_eq!(status, 404);
        drop(srv);
        let _ = std::fs::remove_dir_all(&root);
    }
}
