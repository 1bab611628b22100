//! Drives a real headless Chromium through chromedriver (W3C WebDriver over
//! loopback HTTP). Everything it starts is stopped when the [`Browser`] is
//! dropped, also when a test panics.

use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A chromedriver process with one browser session.
pub struct Browser {
    driver: Child,
    agent: ureq::Agent,
    base: String,
    session: String,
    profile: PathBuf,
    /// The profile belongs to the caller (see [`Browser::start_with_profile`]).
    keep_profile: bool,
}

/// The Chromium flags that work headless as root on these machines.
pub const CHROMIUM_ARGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
];

/// A script that is true once the playground has mounted.
pub const MOUNTED: &str =
    "return document.querySelector('#app-root[data-mounted=\"true\"]') !== null;";

/// How long a page load may take to mount the app (generous: a loaded
/// machine compiles the wasm bundle slowly).
pub const MOUNT_WAIT: Duration = Duration::from_secs(30);

/// A free loopback TCP port.
pub fn free_port() -> Result<u16, String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

/// An HTTP client for loopback servers: statuses of 400 and above are
/// answers to read (WebDriver reports its errors in the body), and a call
/// that hangs fails after a minute.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// Sends one request with an optional JSON body; returns the status and the
/// whole body.
pub fn request(
    agent: &ureq::Agent,
    method: &str,
    url: &str,
    body: Option<&str>,
) -> Result<(u16, Vec<u8>), String> {
    let sent = match (method, body) {
        ("GET", _) => agent.get(url).call(),
        ("DELETE", _) => agent.delete(url).call(),
        ("POST", b) => agent
            .post(url)
            .header("Content-Type", "application/json; charset=utf-8")
            .send(b.unwrap_or("{}")),
        _ => return Err(format!("unsupported method {method}")),
    };
    let mut resp = sent.map_err(|e| format!("{method} {url}: {e}"))?;
    let status = resp.status().as_u16();
    // Screenshots come back as base64 in JSON: allow large bodies.
    let body = resp
        .body_mut()
        .with_config()
        .limit(1 << 30)
        .read_to_vec()
        .map_err(|e| format!("{method} {url}: reading the body: {e}"))?;
    Ok((status, body))
}

impl Browser {
    /// Starts chromedriver and a headless Chromium window of `w`×`h` pixels.
    pub fn start(w: u32, h: u32) -> Result<Browser, String> {
        Browser::start_in(w, h, None)
    }

    /// Like [`Browser::start`], with the browser's profile (its storage) in
    /// `profile`, which is kept when the browser stops: a second browser
    /// started on it is the same browser reopened.
    pub fn start_with_profile(w: u32, h: u32, profile: PathBuf) -> Result<Browser, String> {
        Browser::start_in(w, h, Some(profile))
    }

    fn start_in(w: u32, h: u32, kept: Option<PathBuf>) -> Result<Browser, String> {
        let port = free_port()?;
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!("cannot start chromedriver (apt-get install chromium-driver): {e}")
            })?;
        let keep_profile = kept.is_some();
        let profile = kept.unwrap_or_else(|| {
            std::env::temp_dir().join(format!("warpscope-chrome-{}-{port}", std::process::id()))
        });
        let mut b = Browser {
            driver,
            agent: agent(),
            base: format!("http://127.0.0.1:{port}"),
            session: String::new(),
            profile,
            keep_profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok((200, body)) = request(&b.agent, "GET", &format!("{}/status", b.base), None) {
                let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                if v["value"]["ready"] == json!(true) {
                    break;
                }
            }
            if Instant::now() > deadline {
                return Err("chromedriver did not become ready within 20 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut args: Vec<String> = CHROMIUM_ARGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", b.profile.display()));
        args.push(format!("--window-size={w},{h}"));
        let caps = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": { "binary": chromium_binary(), "args": args },
                "goog:loggingPrefs": { "browser": "ALL" }
            }}
        });
        let v = b.call("POST", "/session", Some(caps))?;
        b.session = v["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session id in {v}"))?
            .to_string();
        Ok(b)
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = body.map(|b| b.to_string());
        let (status, resp) = request(
            &self.agent,
            method,
            &format!("{}{}", self.base, path),
            body.as_deref(),
        )?;
        let v: Value = serde_json::from_slice(&resp)
            .map_err(|e| format!("bad JSON from chromedriver: {e}"))?;
        if status >= 400 {
            return Err(format!(
                "webdriver {method} {path}: {status} {}",
                v["value"]
            ));
        }
        Ok(v["value"].clone())
    }

    fn s(&self, rest: &str) -> String {
        format!("/session/{}{}", self.session, rest)
    }

    /// Makes every request whose address contains `part` fail, as for a
    /// file the network cannot deliver.
    pub fn block(&self, part: &str) -> Result<(), String> {
        self.cdp("Network.enable", json!({}))?;
        self.cdp(
            "Network.setBlockedURLs",
            json!({ "urls": [format!("*{part}*")] }),
        )
        .map(|_| ())
    }

    /// Opens a URL and waits for the load event.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.call("POST", &self.s("/url"), Some(json!({ "url": url })))
            .map(|_| ())
    }

    /// Opens the playground at `url` once and waits (bounded by
    /// `MOUNT_WAIT`) until the app has mounted. A load that does not mount
    /// is an error that says what the page showed: whether the loading
    /// line was still there, the errors it reported and the resources it
    /// fetched.
    pub fn open_app(&self, url: &str) -> Result<(), String> {
        self.goto(url)?;
        if self.wait_for(MOUNTED, MOUNT_WAIT).is_ok() {
            return Ok(());
        }
        Err(format!(
            "the app did not mount within {MOUNT_WAIT:?}: {}",
            self.load_state()?
        ))
    }

    /// What a page that did not start shows: the loading line, the errors
    /// it collected and each resource with its duration.
    pub fn load_state(&self) -> Result<Value, String> {
        self.eval(
            "return { loading: document.querySelector('#loading') !== null,
                      errors: window.__warpscopeErrors || [],
                      resources: performance.getEntriesByType('resource')
                        .map(e => e.name.split('/').pop() + ' ' + Math.round(e.duration) + 'ms') };",
            vec![],
        )
    }

    /// Sends a Chrome DevTools Protocol command through chromedriver (for
    /// what WebDriver has no command for: network throttling, scripts
    /// that run before a page's own).
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value, String> {
        self.call(
            "POST",
            &self.s("/goog/cdp/execute"),
            Some(json!({ "cmd": cmd, "params": params })),
        )
    }

    /// Presses keys as a user does (trusted events, so Tab moves the focus
    /// and a focused `<select>` opens): each chord is the keys held
    /// together, named as `KeyboardEvent.key` names them ("Tab", "Shift",
    /// "Control", "ArrowLeft", "F10", "a"...), pressed in order and
    /// released in reverse.
    pub fn press(&self, chords: &[&[&str]]) -> Result<(), String> {
        let mut acts = Vec::new();
        for chord in chords {
            let codes: Vec<String> = chord.iter().map(|k| webdriver_key(k)).collect();
            acts.extend(
                codes
                    .iter()
                    .map(|c| json!({ "type": "keyDown", "value": c })),
            );
            acts.extend(
                codes
                    .iter()
                    .rev()
                    .map(|c| json!({ "type": "keyUp", "value": c })),
            );
        }
        let body = json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": acts }] });
        self.call("POST", &self.s("/actions"), Some(body))?;
        self.call("DELETE", &self.s("/actions"), None).map(|_| ())
    }

    /// Bounds how long a navigation may wait for the page's load event.
    pub fn set_page_load_timeout(&self, limit: Duration) -> Result<(), String> {
        self.call(
            "POST",
            &self.s("/timeouts"),
            Some(json!({ "pageLoad": limit.as_millis() as u64 })),
        )
        .map(|_| ())
    }

    /// Runs synchronous JavaScript (`return ...;`) and returns its value.
    pub fn eval(&self, script: &str, args: Vec<Value>) -> Result<Value, String> {
        self.call(
            "POST",
            &self.s("/execute/sync"),
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Polls `script` (which returns a truthy value when done) for up to `timeout`.
    pub fn wait_for(&self, script: &str, timeout: Duration) -> Result<Value, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let v = self.eval(script, vec![])?;
            let truthy =
                !matches!(v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
            if truthy {
                return Ok(v);
            }
            if Instant::now() > deadline {
                return Err(format!("timed out after {timeout:?} waiting for: {script}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs `script` in every page this window loads from now on, before
    /// the page's own scripts (to stand in for a browser feature, such as
    /// a storage that throws).
    pub fn before_load(&self, script: &str) -> Result<(), String> {
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": script }),
        )
        .map(|_| ())
    }

    /// The handle of the current window (tab).
    pub fn window(&self) -> Result<String, String> {
        let v = self.call("GET", &self.s("/window"), None)?;
        v.as_str()
            .map(String::from)
            .ok_or_else(|| format!("no window handle in {v}"))
    }

    /// Opens a new tab of the same browser (same storage) and switches to
    /// it; returns its handle.
    pub fn new_window(&self) -> Result<String, String> {
        let v = self.call(
            "POST",
            &self.s("/window/new"),
            Some(json!({ "type": "tab" })),
        )?;
        let handle = v["handle"]
            .as_str()
            .ok_or_else(|| format!("no window handle in {v}"))?
            .to_string();
        self.switch_to(&handle)?;
        Ok(handle)
    }

    /// Makes window `handle` the one commands go to.
    pub fn switch_to(&self, handle: &str) -> Result<(), String> {
        self.call(
            "POST",
            &self.s("/window"),
            Some(json!({ "handle": handle })),
        )
        .map(|_| ())
    }

    /// Closes the current window (the browser stays open while another
    /// window is); switch to another one afterwards.
    pub fn close_window(&self) -> Result<(), String> {
        self.call("DELETE", &self.s("/window"), None).map(|_| ())
    }

    /// The browser console's log entries (level, message), if chromedriver
    /// exposes them.
    pub fn console_log(&self) -> Vec<(String, String)> {
        let v = self
            .call(
                "POST",
                &self.s("/se/log"),
                Some(json!({ "type": "browser" })),
            )
            .unwrap_or(Value::Null);
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        (
                            e["level"].as_str().unwrap_or("").to_string(),
                            e["message"].as_str().unwrap_or("").to_string(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let v = self.call("GET", &self.s("/screenshot"), None)?;
        base64_decode(v.as_str().ok_or("screenshot is not a string")?)
    }

    /// Saves a screenshot under `target/e2e/NAME.png` (relative to the workspace root).
    pub fn save_screenshot(&self, name: &str) -> Result<PathBuf, String> {
        let dir = workspace_root().join("target/e2e");
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, self.screenshot()?).map_err(|e| e.to_string())?;
        Ok(path)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.call("DELETE", &self.s(""), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        if !self.keep_profile {
            let _ = std::fs::remove_dir_all(&self.profile);
        }
    }
}

/// The WebDriver code point of a key named as `KeyboardEvent.key` names
/// it (a printable key is itself).
fn webdriver_key(key: &str) -> String {
    let code = match key {
        "Tab" => '\u{E004}',
        "Enter" => '\u{E007}',
        "Shift" => '\u{E008}',
        "Control" => '\u{E009}',
        "Alt" => '\u{E00A}',
        "Escape" => '\u{E00C}',
        "Delete" => '\u{E017}',
        "PageUp" => '\u{E00E}',
        "PageDown" => '\u{E00F}',
        "End" => '\u{E010}',
        "Home" => '\u{E011}',
        "ArrowLeft" => '\u{E012}',
        "ArrowUp" => '\u{E013}',
        "ArrowRight" => '\u{E014}',
        "ArrowDown" => '\u{E015}',
        f if f.len() > 1 && f.starts_with('F') => {
            let n: u32 = f[1..].parse().unwrap_or(1);
            char::from_u32(0xE031 + n - 1).unwrap_or('\u{E031}')
        }
        other => return other.to_string(),
    };
    code.to_string()
}

/// The Chromium binary: `$CHROMIUM` or Debian's `/usr/bin/chromium`.
pub fn chromium_binary() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// The workspace root (the folder holding `index.html`).
///
/// `cargo run` and `cargo test` set `CARGO_MANIFEST_DIR` for the process they
/// start, so the root follows the checkout being built even when a binary
/// was last linked from another checkout sharing the target directory; the
/// compile-time value is the fallback.
pub fn workspace_root() -> PathBuf {
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let mut dir = manifest.as_path();
    // the xtask and e2e packages are one folder below the root
    while !dir.join("index.html").exists() {
        match dir.parent() {
            Some(p) => dir = p,
            None => return manifest,
        }
    }
    dir.to_path_buf()
}

/// Standard base64 (WebDriver's screenshots), read by core's base64url
/// reader after mapping the two characters where the alphabets differ.
fn base64_decode(s: &str) -> Result<Vec<u8>, String> {
    let url: String = s
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    warpscope_core::link::base64url_decode(&url)
        .map_err(|(kind, at)| format!("bad base64 at {at}: {kind:?}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes() {
        assert_eq!(super::base64_decode("aGVsbG8=").unwrap(), b"hello");
        assert_eq!(super::base64_decode("AAEC").unwrap(), vec![0, 1, 2]);
        assert!(super::base64_decode("a*").is_err());
    }
}
