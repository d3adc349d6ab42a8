//! `SortedMap`: a map kept as a vector sorted by key, for the formation
//! registry's maps (formation ids, member ids). It iterates in key order as
//! `BTreeMap` did, so a world's step stays deterministic, and its code is a
//! binary search and a `Vec` insert, where `BTreeMap`'s node code is a
//! large part of a wasm module. Ids mostly arrive in increasing order (they are handed
//! out that way), and then an insert is a push.

/// A map from ids to values, sorted by id.
#[derive(Debug, Clone)]
pub(crate) struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord + Copy, V> SortedMap<K, V> {
    fn find(&self, key: &K) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.cmp(key))
    }

    pub(crate) fn get(&self, key: &K) -> Option<&V> {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub(crate) fn get_mut(&mut self, key: &K) -> Option<&mut V> {
        match self.find(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    pub(crate) fn contains_key(&self, key: &K) -> bool {
        self.find(key).is_ok()
    }

    /// Sets `key` to `value`; returns the value it replaced.
    pub(crate) fn insert(&mut self, key: K, value: V) -> Option<V> {
        if self.entries.last().map_or(true, |(k, _)| *k < key) {
            self.entries.push((key, value));
            return None;
        }
        match self.find(&key) {
            Ok(i) => Some(core::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (key, value));
                None
            }
        }
    }

    pub(crate) fn remove(&mut self, key: &K) -> Option<V> {
        self.find(key).ok().map(|i| self.entries.remove(i).1)
    }

    /// Entries in key order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// Values in key order.
    pub(crate) fn values_mut(&mut self) -> impl Iterator<Item = &mut V> {
        self.entries.iter_mut().map(|(_, v)| v)
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::SortedMap;
    use std::collections::BTreeMap;

    /// The same random inserts, replacements and removals on both maps give
    /// the same answers and the same key order.
    #[test]
    fn behaves_as_btreemap() {
        let mut rng = crate::test_rng::Xorshift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng.next_u64() % n;
        let mut ours = SortedMap::default();
        let mut theirs = BTreeMap::new();
        for step in 0..20_000u32 {
            let key = next(64) as u32;
            match next(4) {
                0 | 1 => assert_eq!(ours.insert(key, step), theirs.insert(key, step)),
                2 => assert_eq!(ours.remove(&key), theirs.remove(&key)),
                _ => {
                    if let (Some(a), Some(b)) = (ours.get_mut(&key), theirs.get_mut(&key)) {
                        *a += 1;
                        *b += 1;
                    }
                }
            }
            assert_eq!(ours.get(&key), theirs.get(&key));
            assert_eq!(ours.contains_key(&key), theirs.contains_key(&key));
            assert_eq!(ours.len(), theirs.len());
        }
        let a: Vec<(u32, u32)> = ours.iter().map(|(k, v)| (*k, *v)).collect();
        let b: Vec<(u32, u32)> = theirs.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(a, b);
        assert!(!ours.is_empty());
    }
}
