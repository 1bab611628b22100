//! [`Ptr`]: shared, immutable data compared by address, so that a state
//! update copies a few pointers and a pane re-renders only when the value
//! it draws was replaced.

use std::ops::Deref;
use std::rc::Rc;

/// Shared, immutable data compared by address.
#[derive(Debug)]
pub struct Ptr<T>(pub Rc<T>);

impl<T> Ptr<T> {
    /// Wraps a value.
    pub fn new(v: T) -> Self {
        Ptr(Rc::new(v))
    }
}
impl<T> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        Ptr(self.0.clone())
    }
}
impl<T> PartialEq for Ptr<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}
impl<T> Deref for Ptr<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}
