//! A set of source line numbers (the breakpoints): a sorted vector with
//! the few operations a page needs. A `BTreeSet` did the same with about
//! 10 KB of tree code in the bundle, for sets of a handful of lines.

/// Source line numbers, each once, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lines(Vec<usize>);

impl Lines {
    /// Whether `line` is in the set.
    pub fn contains(&self, line: &usize) -> bool {
        self.0.binary_search(line).is_ok()
    }

    /// Adds `line`; false if it was there.
    pub fn insert(&mut self, line: usize) -> bool {
        match self.0.binary_search(&line) {
            Ok(_) => false,
            Err(at) => {
                self.0.insert(at, line);
                true
            }
        }
    }

    /// Takes `line` out; false if it was not there.
    pub fn remove(&mut self, line: &usize) -> bool {
        match self.0.binary_search(line) {
            Ok(at) => {
                self.0.remove(at);
                true
            }
            Err(_) => false,
        }
    }

    /// The lines in increasing order.
    pub fn iter(&self) -> std::slice::Iter<'_, usize> {
        self.0.iter()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many lines the set holds.
    pub fn len(&self) -> usize {
        self.0.len()
    }
}

impl Extend<usize> for Lines {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, lines: I) {
        for line in lines {
            self.insert(line);
        }
    }
}

impl FromIterator<usize> for Lines {
    fn from_iter<I: IntoIterator<Item = usize>>(lines: I) -> Lines {
        let mut set = Lines::default();
        set.extend(lines);
        set
    }
}

#[cfg(test)]
mod tests {
    use super::Lines;

    #[test]
    fn keeps_each_line_once_in_order() {
        let mut s: Lines = [7, 3, 7, 1].into_iter().collect();
        assert_eq!(s.iter().copied().collect::<Vec<_>>(), [1, 3, 7]);
        assert!(s.contains(&3) && !s.contains(&4));
        assert!(!s.insert(3));
        assert!(s.insert(4));
        assert!(s.remove(&1));
        assert!(!s.remove(&1));
        assert_eq!(s.iter().copied().collect::<Vec<_>>(), [3, 4, 7]);
        assert_eq!(s.len(), 3);
        assert!(!s.is_empty());
    }
}
