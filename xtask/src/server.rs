//! A small static file server for the playground, used by `cargo xtask serve`
//! and by the browser tests. It serves one directory on a loopback address,
//! never follows paths outside it, and sends the MIME types browsers need to
//! stream-compile WebAssembly.

use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A running server; stops when dropped.
pub struct Server {
    http: Arc<tiny_http::Server>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    port: u16,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 = any free port).
    pub fn start(root: &Path, port: u16) -> Result<Server, String> {
        let http = tiny_http::Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = http
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or("server has no IP address")?;
        let http = Arc::new(http);
        let stop = Arc::new(AtomicBool::new(false));
        let root = root
            .canonicalize()
            .map_err(|e| format!("cannot serve {}: {e}", root.display()))?;
        let (h, s) = (http.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                match h.recv_timeout(Duration::from_millis(200)) {
                    Ok(Some(req)) => handle(&root, req),
                    Ok(None) => {}
                    Err(_) => break,
                }
            }
        });
        Ok(Server {
            http,
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
        self.http.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
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

fn handle(root: &Path, req: tiny_http::Request) {
    let header = |k: &str, v: &str| {
        tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()).expect("static header is valid")
    };
    let resp = match resolve(root, req.url()).and_then(|p| std::fs::read(&p).ok().map(|b| (p, b))) {
        Some((p, body)) => tiny_http::Response::from_data(body)
            .with_header(header("Content-Type", mime(&p)))
            .with_header(header("Cache-Control", "no-cache")),
        None => tiny_http::Response::from_data(b"not found\n".to_vec())
            .with_status_code(404)
            .with_header(header("Content-Type", "text/plain; charset=utf-8")),
    };
    let _ = req.respond(resp);
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
}
