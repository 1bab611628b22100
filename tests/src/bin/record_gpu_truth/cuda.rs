//! The few CUDA driver calls the recorder needs, found at run time in
//! `libcuda.so.1` (the driver's library), so that the program builds on
//! machines without a GPU and links against nothing of NVIDIA's.

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};

#[link(name = "dl")]
extern "C" {
    fn dlopen(file: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
}

const RTLD_NOW: c_int = 2;
const JIT_ERROR_LOG_BUFFER: c_int = 5;
const JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
const ATTR_CC_MAJOR: c_int = 75;
const ATTR_CC_MINOR: c_int = 76;

type Res = c_int;
type Ptr = *mut c_void;

/// The driver's entry points, by their exported names.
struct Api {
    init: unsafe extern "C" fn(c_uint) -> Res,
    driver_version: unsafe extern "C" fn(*mut c_int) -> Res,
    device_get: unsafe extern "C" fn(*mut c_int, c_int) -> Res,
    device_name: unsafe extern "C" fn(*mut c_char, c_int, c_int) -> Res,
    device_attr: unsafe extern "C" fn(*mut c_int, c_int, c_int) -> Res,
    retain_ctx: unsafe extern "C" fn(*mut Ptr, c_int) -> Res,
    set_ctx: unsafe extern "C" fn(Ptr) -> Res,
    load: unsafe extern "C" fn(*mut Ptr, *const c_void, c_uint, *mut c_int, *mut Ptr) -> Res,
    function: unsafe extern "C" fn(*mut Ptr, Ptr, *const c_char) -> Res,
    alloc: unsafe extern "C" fn(*mut u64, usize) -> Res,
    free: unsafe extern "C" fn(u64) -> Res,
    to_device: unsafe extern "C" fn(u64, *const c_void, usize) -> Res,
    to_host: unsafe extern "C" fn(*mut c_void, u64, usize) -> Res,
    #[allow(clippy::type_complexity)]
    launch: unsafe extern "C" fn(
        Ptr,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        Ptr,
        *mut Ptr,
        *mut Ptr,
    ) -> Res,
    sync: unsafe extern "C" fn() -> Res,
    error_name: unsafe extern "C" fn(Res, *mut *const c_char) -> Res,
}

/// A GPU with a context current on this thread.
pub struct Gpu {
    api: Api,
    /// "NVIDIA H200, compute capability 9.0, driver 13.0".
    pub description: String,
}

/// A kernel module loaded from PTX.
pub struct Module(Ptr);

fn sym<T>(lib: *mut c_void, name: &str) -> Result<T, String> {
    let c = CString::new(name).expect("no NUL in a symbol name");
    // SAFETY: dlsym on a handle dlopen returned; the caller gives the
    // function type the driver's header declares for `name`.
    let p = unsafe { dlsym(lib, c.as_ptr()) };
    if p.is_null() {
        return Err(format!("libcuda.so.1 has no `{name}`"));
    }
    assert_eq!(std::mem::size_of::<T>(), std::mem::size_of::<*mut c_void>());
    // SAFETY: T is a function pointer type of the same size (checked).
    Ok(unsafe { std::mem::transmute_copy(&p) })
}

impl Gpu {
    /// Opens device 0.
    pub fn open() -> Result<Gpu, String> {
        let name = CString::new("libcuda.so.1").expect("no NUL");
        // SAFETY: dlopen with a valid C string.
        let lib = unsafe { dlopen(name.as_ptr(), RTLD_NOW) };
        if lib.is_null() {
            return Err("cannot load libcuda.so.1: no NVIDIA driver on this machine".into());
        }
        let api = Api {
            init: sym(lib, "cuInit")?,
            driver_version: sym(lib, "cuDriverGetVersion")?,
            device_get: sym(lib, "cuDeviceGet")?,
            device_name: sym(lib, "cuDeviceGetName")?,
            device_attr: sym(lib, "cuDeviceGetAttribute")?,
            retain_ctx: sym(lib, "cuDevicePrimaryCtxRetain")?,
            set_ctx: sym(lib, "cuCtxSetCurrent")?,
            load: sym(lib, "cuModuleLoadDataEx")?,
            function: sym(lib, "cuModuleGetFunction")?,
            alloc: sym(lib, "cuMemAlloc_v2")?,
            free: sym(lib, "cuMemFree_v2")?,
            to_device: sym(lib, "cuMemcpyHtoD_v2")?,
            to_host: sym(lib, "cuMemcpyDtoH_v2")?,
            launch: sym(lib, "cuLaunchKernel")?,
            sync: sym(lib, "cuCtxSynchronize")?,
            error_name: sym(lib, "cuGetErrorName")?,
        };
        let mut gpu = Gpu {
            api,
            description: String::new(),
        };
        let (mut dev, mut ver, mut major, mut minor) = (0, 0, 0, 0);
        let mut name = [0 as c_char; 256];
        let mut ctx: Ptr = std::ptr::null_mut();
        // SAFETY: each call gets pointers to live locals of the types the
        // driver's header declares.
        unsafe {
            gpu.check((gpu.api.init)(0), "cuInit")?;
            gpu.check((gpu.api.driver_version)(&mut ver), "cuDriverGetVersion")?;
            gpu.check((gpu.api.device_get)(&mut dev, 0), "cuDeviceGet")?;
            gpu.check(
                (gpu.api.device_name)(name.as_mut_ptr(), 255, dev),
                "cuDeviceGetName",
            )?;
            gpu.check(
                (gpu.api.device_attr)(&mut major, ATTR_CC_MAJOR, dev),
                "attribute",
            )?;
            gpu.check(
                (gpu.api.device_attr)(&mut minor, ATTR_CC_MINOR, dev),
                "attribute",
            )?;
            gpu.check(
                (gpu.api.retain_ctx)(&mut ctx, dev),
                "cuDevicePrimaryCtxRetain",
            )?;
            gpu.check((gpu.api.set_ctx)(ctx), "cuCtxSetCurrent")?;
        }
        // SAFETY: the driver wrote a NUL-terminated name into the buffer.
        let name = unsafe { CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
        gpu.description = format!(
            "{name}, compute capability {major}.{minor}, CUDA driver API {}.{}",
            ver / 1000,
            ver % 1000 / 10
        );
        Ok(gpu)
    }

    fn check(&self, r: Res, what: &str) -> Result<(), String> {
        if r == 0 {
            return Ok(());
        }
        let mut s: *const c_char = std::ptr::null();
        // SAFETY: cuGetErrorName writes a pointer to a static string.
        unsafe { (self.api.error_name)(r, &mut s) };
        let name = if s.is_null() {
            "unknown".into()
        } else {
            // SAFETY: a static NUL-terminated string of the driver.
            unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
        };
        Err(format!("{what} failed: {name} ({r})"))
    }

    /// Compiles PTX text with the driver's JIT; its error log on failure.
    pub fn load(&self, ptx: &str) -> Result<Module, String> {
        let text = CString::new(ptx).map_err(|_| "PTX holds a NUL")?;
        let mut log = vec![0u8; 1 << 16];
        let mut opts = [JIT_ERROR_LOG_BUFFER, JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
        let mut vals: [Ptr; 2] = [log.as_mut_ptr().cast(), log.len() as Ptr];
        let mut module: Ptr = std::ptr::null_mut();
        // SAFETY: options and values arrays of equal length, the log buffer
        // outlives the call.
        let r = unsafe {
            (self.api.load)(
                &mut module,
                text.as_ptr().cast(),
                2,
                opts.as_mut_ptr(),
                vals.as_mut_ptr(),
            )
        };
        self.check(r, "cuModuleLoadDataEx").map_err(|e| {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            format!("{e}\n{}", String::from_utf8_lossy(&log[..end]))
        })?;
        Ok(Module(module))
    }

    /// Runs kernel `name` of `module` with `blocks` blocks of 32 threads
    /// on a copy of `input`; returns `out_words` words of its output.
    pub fn run(
        &self,
        module: &Module,
        name: &str,
        blocks: u32,
        input: &[u32],
        out_words: usize,
    ) -> Result<Vec<u32>, String> {
        let cname = CString::new(name).map_err(|_| "kernel name holds a NUL")?;
        let mut f: Ptr = std::ptr::null_mut();
        let (mut din, mut dout) = (0u64, 0u64);
        let mut out = vec![0u32; out_words];
        // SAFETY: device buffers are allocated with the sizes copied, the
        // kernel parameters are two device pointers as the PTX declares.
        unsafe {
            self.check((self.api.function)(&mut f, module.0, cname.as_ptr()), name)?;
            self.check((self.api.alloc)(&mut din, input.len() * 4), "cuMemAlloc")?;
            self.check((self.api.alloc)(&mut dout, out_words * 4), "cuMemAlloc")?;
            self.check(
                (self.api.to_device)(din, input.as_ptr().cast(), input.len() * 4),
                "cuMemcpyHtoD",
            )?;
            // Zeros, so that lanes that store nothing read as not run.
            self.check(
                (self.api.to_device)(dout, out.as_ptr().cast(), out_words * 4),
                "cuMemcpyHtoD",
            )?;
            let mut params: [Ptr; 2] = [
                (&mut din as *mut u64).cast(),
                (&mut dout as *mut u64).cast(),
            ];
            let (stream, extra): (Ptr, *mut Ptr) = (std::ptr::null_mut(), std::ptr::null_mut());
            self.check(
                (self.api.launch)(
                    f,
                    blocks,
                    1,
                    1,
                    32,
                    1,
                    1,
                    0,
                    stream,
                    params.as_mut_ptr(),
                    extra,
                ),
                name,
            )?;
            self.check((self.api.sync)(), name)?;
            self.check(
                (self.api.to_host)(out.as_mut_ptr().cast(), dout, out_words * 4),
                "cuMemcpyDtoH",
            )?;
            self.check((self.api.free)(din), "cuMemFree")?;
            self.check((self.api.free)(dout), "cuMemFree")?;
        }
        Ok(out)
    }
}
