//! The page's own store: IndexedDB, mirrored in memory.
//!
//! The work (the autosave, the work history, earlier work replaced by
//! links) lives in an IndexedDB database of its own (`warpscope`, object
//! store `kv`, string keys and values). IndexedDB has its own quota, far
//! larger than local storage's few megabytes, so another script of the
//! same site that fills local storage cannot lose a program here.
//!
//! [`open`] reads the whole store into memory once, before the page
//! mounts (a few milliseconds); from then on reads are answered from
//! memory, at once, and every write updates memory and queues an
//! IndexedDB transaction. IndexedDB runs transactions on one store in the
//! order they were made, so a new copy written before an old one is
//! removed is also stored before it is removed. Each write is also told
//! to the site's other tabs (a `BroadcastChannel`), which apply it to
//! their copies, so that no tab writes the history's index from an old
//! copy; [`refresh`] reads the store again, for the History menu.
//!
//! The first [`open`] moves the work that earlier versions kept in local
//! storage into the store, once: the keys are copied in one transaction
//! and removed from local storage only after it has completed.
//!
//! A transaction still running when the page is left (a reload, a closed
//! tab) may be dropped with the page: the browser does not promise to
//! finish it. So on leaving, [`keep_unfinished`] copies the writes whose
//! transactions have not completed into local storage (synchronously, the
//! last value of each key under [`UNFINISHED`] and the key), and the next
//! [`open`] applies them to the store and removes them. A page that comes
//! back from the browser's back-forward cache removes each copy as its
//! last write completes, so no old copy is applied later. It is a copy of
//! a few writes, not a second store: where local storage refuses it,
//! nothing else changes. (Removals are not copied: one left undone keeps
//! an entry, it loses nothing. Two tabs left at the same moment share the
//! copy of a key both were writing, the autosave: the last one left
//! wins, and each tab's own draft in the history keeps the other's.)
//!
//! Where IndexedDB cannot be opened (disabled, some private modes), the
//! store is local storage itself, as before ([`crate::persist`]).

use std::cell::RefCell;
use warpscope_core::history::Kv;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const DB: &str = "warpscope";
const STORE: &str = "kv";
/// Set in the store once local storage's work has been moved in.
const MIGRATED: &str = "warpscope.migrated";
/// The local-storage keys of earlier versions' work, by prefix.
const OLD_KEYS: &[&str] = &[
    "warpscope.history",
    "warpscope.autosave",
    "warpscope.previous",
];

/// The prefix of the local-storage keys of the writes not yet completed
/// when a page was left: `PREFIX` and the store's key hold the value.
pub const UNFINISHED: &str = "warpscope.unfinished:";

/// Who hears of a failed write.
type Listener = Box<dyn Fn(String)>;

thread_local! {
    static OPEN: RefCell<Option<Open>> = const { RefCell::new(None) };
    static ON_FAILURE: RefCell<Option<Listener>> = const { RefCell::new(None) };
    /// The writes whose transactions have not completed: their number,
    /// key and value.
    static RUNNING: RefCell<Vec<(u32, String, String)>> = const { RefCell::new(Vec::new()) };
    static WRITES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// [`keep_unfinished`] has copied writes.
    static KEPT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The open database and its copy in memory (a JavaScript `Map`, which
/// costs the bundle less than a map of Rust's).
struct Open {
    db: web_sys::IdbDatabase,
    mirror: js_sys::Map,
    /// Tells the other tabs of this site each write, and hears theirs.
    tabs: Option<web_sys::BroadcastChannel>,
}

/// The channel the tabs tell each other their writes on.
const CHANNEL: &str = "warpscope-store";

/// A channel on which every other tab's write (`[key, value]`, `value`
/// `null` for a removal) is applied to this tab's copy, so that a tab
/// never writes the history's index from an old copy.
fn channel() -> Option<web_sys::BroadcastChannel> {
    let ch = web_sys::BroadcastChannel::new(CHANNEL).ok()?;
    let heard = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|e: web_sys::MessageEvent| {
        let Ok(pair) = e.data().dyn_into::<js_sys::Array>() else {
            return;
        };
        let (k, v) = (pair.get(0), pair.get(1));
        if !k.is_string() {
            return;
        }
        OPEN.with(|o| {
            if let Some(o) = o.borrow().as_ref() {
                if v.is_string() {
                    o.mirror.set(&k, &v);
                } else {
                    o.mirror.delete(&k);
                }
            }
        });
    });
    ch.set_onmessage(Some(heard.as_ref().unchecked_ref()));
    heard.forget();
    Some(ch)
}

/// A request's result once it succeeds, or its error's message.
async fn done(req: &web_sys::IdbRequest) -> Result<JsValue, String> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &r.result().unwrap_or(JsValue::UNDEFINED));
        });
        let r = req.clone();
        let err = Closure::once_into_js(move |_: web_sys::Event| {
            let msg = r.error().ok().flatten().map(|e| e.message());
            let _ = reject.call1(&JsValue::NULL, &msg.unwrap_or_default().into());
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(err.unchecked_ref()));
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| e.as_string().unwrap_or_else(|| "IndexedDB failed".into()))
}

/// Waits for a transaction to complete, or says why it did not.
async fn completed(tx: &web_sys::IdbTransaction) -> Result<(), String> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let t = tx.clone();
        let err = Closure::once_into_js(move |_: web_sys::Event| {
            let msg = t
                .error()
                .map(|e| e.message())
                .unwrap_or_else(|| "aborted".into());
            let _ = reject.call1(&JsValue::NULL, &msg.into());
        });
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onabort(Some(err.unchecked_ref()));
    });
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|e| e.as_string().unwrap_or_else(|| "IndexedDB failed".into()))
}

fn js_err(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "IndexedDB failed".into())
}

/// Opens the database at `version` (its own, when `None`), making the
/// object store when the version is new.
async fn open_at(
    factory: &web_sys::IdbFactory,
    version: Option<u32>,
) -> Result<web_sys::IdbDatabase, String> {
    let req = match version {
        Some(v) => factory.open_with_u32(DB, v),
        None => factory.open(DB),
    }
    .map_err(js_err)?;
    let upgrade = Closure::once_into_js(move |e: web_sys::Event| {
        let db = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::IdbOpenDbRequest>().ok())
            .and_then(|r| r.result().ok())
            .and_then(|d| d.dyn_into::<web_sys::IdbDatabase>().ok());
        if let Some(db) = db {
            if !db.object_store_names().contains(STORE) {
                let _ = db.create_object_store(STORE);
            }
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    done(&req).await?.dyn_into().map_err(js_err)
}

/// The database, with its object store (made by a version one up when a
/// database of that name exists without it).
async fn open_db() -> Result<web_sys::IdbDatabase, String> {
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()
        .map_err(js_err)?
        .ok_or("no IndexedDB")?;
    let db = open_at(&factory, None).await?;
    if db.object_store_names().contains(STORE) {
        return Ok(db);
    }
    let next = db.version() as u32 + 1;
    db.close();
    open_at(&factory, Some(next)).await
}

fn tx(
    db: &web_sys::IdbDatabase,
    write: bool,
) -> Result<(web_sys::IdbTransaction, web_sys::IdbObjectStore), String> {
    let mode = if write {
        web_sys::IdbTransactionMode::Readwrite
    } else {
        web_sys::IdbTransactionMode::Readonly
    };
    let t = db
        .transaction_with_str_and_mode(STORE, mode)
        .map_err(js_err)?;
    let s = t.object_store(STORE).map_err(js_err)?;
    Ok((t, s))
}

/// Everything in the store.
async fn read_all(db: &web_sys::IdbDatabase) -> Result<js_sys::Map, String> {
    let (_t, s) = tx(db, false)?;
    let keys = s.get_all_keys().map_err(js_err)?;
    let values = s.get_all().map_err(js_err)?;
    let keys: js_sys::Array = done(&keys).await?.unchecked_into();
    let values: js_sys::Array = done(&values).await?.unchecked_into();
    let map = js_sys::Map::new();
    for (k, v) in keys.iter().zip(values.iter()) {
        if k.is_string() && v.is_string() {
            map.set(&k, &v);
        }
    }
    Ok(map)
}

/// Moves earlier versions' work from local storage into the store, once.
async fn migrate(db: &web_sys::IdbDatabase, mirror: &js_sys::Map) -> Result<(), String> {
    if mirror.has(&MIGRATED.into()) {
        return Ok(());
    }
    let local = local();
    let old = local.as_ref().map_or_else(Vec::new, |l| {
        local_items(l, |k| OLD_KEYS.iter().any(|p| k.starts_with(p)))
    });
    let (t, s) = tx(db, true)?;
    for (k, v) in &old {
        // What is in the store already is newer than local storage's copy.
        if !mirror.has(&k.into()) {
            s.put_with_key(&v.into(), &k.into()).map_err(js_err)?;
        }
    }
    s.put_with_key(&"1".into(), &MIGRATED.into())
        .map_err(js_err)?;
    completed(&t).await?;
    for (k, v) in old {
        if !mirror.has(&k.as_str().into()) {
            mirror.set(&k.as_str().into(), &v.into());
        }
        if let Some(l) = &local {
            let _ = l.remove_item(&k);
        }
    }
    mirror.set(&MIGRATED.into(), &"1".into());
    Ok(())
}

/// Opens the store and reads it into memory (moving earlier versions'
/// work in, once). On failure the page keeps its work in local storage
/// and the reason is returned.
pub async fn open() -> Result<(), String> {
    let db = open_db().await?;
    let mirror = read_all(&db).await?;
    migrate(&db, &mirror).await?;
    let tabs = channel();
    OPEN.with(|o| *o.borrow_mut() = Some(Open { db, mirror, tabs }));
    finish_left_writes();
    Ok(())
}

/// Copies the writes whose transactions have not completed into local
/// storage (see [`UNFINISHED`]), for the next start: called as the page
/// is left. A copy is removed when its key's last write completes after
/// all.
pub fn keep_unfinished() {
    let Some(local) = local() else { return };
    KEPT.set(true);
    RUNNING.with(|r| {
        // In the order made: the last write of a key is the one kept.
        for (_, key, value) in r.borrow().iter() {
            // Refused (local storage full): the write may still complete.
            let _ = local.set_item(&[UNFINISHED, key].concat(), value);
        }
    });
}

/// The page's local storage, where it has one.
fn local() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// Applies the writes pages left unfinished ([`keep_unfinished`]) to the
/// open store, then removes the copies.
fn finish_left_writes() {
    let Some(local) = local() else { return };
    for (copy, value) in local_items(&local, |k| k.starts_with(UNFINISHED)) {
        let _ = Idb.set(&copy[UNFINISHED.len()..], &value);
        let _ = local.remove_item(&copy);
    }
}

/// The keys of local storage that `pick` takes, with their values.
/// (`pick` is generic, so called directly: a closure reached through a
/// pointer would not be kept in the page's first part by the direct calls
/// the split follows, and the start that runs it would stop.)
fn local_items(l: &web_sys::Storage, pick: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    (0..l.length().unwrap_or(0))
        .filter_map(|i| l.key(i).ok().flatten())
        .filter(|k| pick(k))
        .filter_map(|k| {
            let v = l.get_item(&k).ok().flatten()?;
            Some((k, v))
        })
        .collect()
}

/// Whether the store is open (else the work goes to local storage).
pub fn is_open() -> bool {
    OPEN.with(|o| o.borrow().is_some())
}

/// Reads the store again, for what other tabs have written since.
pub async fn refresh() {
    let Some(db) = OPEN.with(|o| o.borrow().as_ref().map(|o| o.db.clone())) else {
        return;
    };
    if let Ok(all) = read_all(&db).await {
        OPEN.with(|o| {
            if let Some(o) = o.borrow_mut().as_mut() {
                o.mirror = all;
            }
        });
    }
}

/// Who hears that a write did not reach the store (the page shows the
/// storage notice).
pub fn on_failure(f: impl Fn(String) + 'static) {
    ON_FAILURE.with(|c| *c.borrow_mut() = Some(Box::new(f)));
}

/// Queues a write (`Some`) or a removal (`None`) of `key`, and tells the
/// other tabs.
fn queue(o: &Open, key: &str, value: Option<&str>) {
    if let Some(ch) = &o.tabs {
        let v = value.map_or(JsValue::NULL, JsValue::from_str);
        let _ = ch.post_message(&js_sys::Array::of2(&key.into(), &v));
    }
    let made = tx(&o.db, true).and_then(|(t, s)| {
        match value {
            Some(v) => s.put_with_key(&v.into(), &key.into()),
            None => s.delete(&key.into()),
        }
        .map_err(js_err)?;
        // Committed now, not when this task ends: a write made as the page
        // is left (the autosave on `pagehide`) would otherwise be dropped
        // with the page. (web-sys marks `commit` deprecated though the
        // standard has it; where a browser lacks it, the call fails and
        // the transaction commits as it always did.)
        #[allow(deprecated)]
        let _ = t.commit();
        Ok(t)
    });
    let report = |why: String| {
        ON_FAILURE.with(|c| {
            if let Some(f) = c.borrow().as_ref() {
                f(why)
            }
        })
    };
    let n = WRITES.with(|w| {
        w.set(w.get().wrapping_add(1));
        w.get()
    });
    if let (Ok(_), Some(v)) = (&made, value) {
        RUNNING.with(|r| r.borrow_mut().push((n, key.to_string(), v.to_string())));
    }
    let key = key.to_string();
    match made {
        Ok(t) => wasm_bindgen_futures::spawn_local(async move {
            let result = completed(&t).await;
            // Done with, either way: an aborted write is reported, not
            // carried over to the next start.
            let more = RUNNING.with(|r| {
                let mut r = r.borrow_mut();
                r.retain(|w| w.0 != n);
                r.iter().any(|w| w.1 == key)
            });
            if let (true, false, Some(l)) = (KEPT.get(), more, local()) {
                let _ = l.remove_item(&[UNFINISHED, &key].concat());
            }
            if let Err(why) = result {
                report(why);
            }
        }),
        Err(why) => report(why),
    }
}

/// The open store as the work's key-value store; `None` when it is not
/// open.
pub struct Idb;

impl Kv for Idb {
    fn get(&self, key: &str) -> Result<Option<String>, String> {
        OPEN.with(|o| {
            o.borrow()
                .as_ref()
                .map(|o| o.mirror.get(&key.into()).as_string())
                .ok_or_else(|| "the store is not open".into())
        })
    }
    fn set(&self, key: &str, value: &str) -> Result<(), String> {
        OPEN.with(|o| {
            let mut o = o.borrow_mut();
            let o = o.as_mut().ok_or("the store is not open")?;
            o.mirror.set(&key.into(), &value.into());
            queue(o, key, Some(value));
            Ok(())
        })
    }
    fn remove(&self, key: &str) -> Result<(), String> {
        OPEN.with(|o| {
            let mut o = o.borrow_mut();
            let o = o.as_mut().ok_or("the store is not open")?;
            o.mirror.delete(&key.into());
            queue(o, key, None);
            Ok(())
        })
    }
}
