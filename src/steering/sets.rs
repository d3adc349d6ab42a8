//! `Sets`: the behaviour sets a world's vehicles use, each held once. Every
//! vehicle names its set by a small index, so a crowd steps the same whether
//! its vehicles were given their behaviours one by one or all at once:
//! [`World::set_behaviors`](super::World::set_behaviors) finds a list equal
//! to one already held (same kinds, same numbers bit for bit, same way of
//! combining) and shares it; a set handed in whole
//! ([`World::set_behavior_set`](super::World::set_behavior_set)) is shared by
//! identity, so it comes back as the same set. Each entry also holds what
//! the step needs of its set, worked out once (see [`Entry`]).
//!
//! Entries count their vehicles; an entry no vehicle uses is dropped and its
//! index reused.

use super::behavior::{Behavior, BehaviorSet, Combine};
use super::query::Query;
use super::rng::splitmix64;
use crate::geom::Point;

/// One behaviour set and what the step reads of it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    /// The set itself.
    pub set: BehaviorSet,
    /// `(target, weight)` when the set is one weighted-sum seek.
    pub single_seek: Option<(Point, f64)>,
    /// The neighbour sums its behaviours read, gathered in one pass.
    pub query: Query,
    /// The largest neighbour radius (0: none).
    pub radius: f64,
    /// Whether a behaviour reads other vehicles' state.
    pub reads_others: bool,
    /// How many vehicles use it.
    users: u32,
    /// Its key in the index: the fingerprint of its content (`interned`) or
    /// of its address.
    key: u64,
    interned: bool,
}

impl Entry {
    fn new(set: BehaviorSet, key: u64, interned: bool) -> Entry {
        let inner = set.inner();
        Entry {
            single_seek: inner.single_seek,
            query: Query::of(set.behaviors()),
            radius: inner.neighbour_radius,
            reads_others: inner.reads_others,
            set,
            users: 0,
            key,
            interned,
        }
    }
}

/// The table of sets. Entry 0 is the empty set (new vehicles start there).
#[derive(Debug, Clone)]
pub(crate) struct Sets {
    entries: Vec<Entry>,
    /// Indices of dropped entries, for reuse.
    free: Vec<u32>,
    index: Index,
}

impl Default for Sets {
    fn default() -> Sets {
        Sets {
            entries: vec![Entry::new(BehaviorSet::default(), 0, false)],
            free: Vec::new(),
            index: Index::default(),
        }
    }
}

impl Sets {
    /// The entry at index `e` (entry 0 for an index out of range).
    #[inline(always)]
    pub(super) fn get(&self, e: u32) -> &Entry {
        self.entries.get(e as usize).unwrap_or(&self.entries[0])
    }

    /// The entries some vehicle uses.
    pub(super) fn live(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.users > 0)
    }

    /// The index of a set equal to `behaviors` combined by `combine`, made
    /// (from behaviours already checked) if none is held; counts `users`
    /// more vehicles on it.
    pub(super) fn intern(&mut self, behaviors: Vec<Behavior>, combine: Combine, users: u32) -> u32 {
        let key = fingerprint(&behaviors, combine);
        let entries = &self.entries;
        let found = self.index.find(key, |e| {
            let x = &entries[e as usize];
            x.interned
                && x.key == key
                && x.set.combine() == combine
                && x.set.behaviors() == behaviors.as_slice()
        });
        let e = match found {
            Some(e) => e,
            None => {
                let set = BehaviorSet::checked(behaviors, combine);
                self.insert(Entry::new(set, key, true))
            }
        };
        self.entries[e as usize].users += users;
        e
    }

    /// The index of `set` itself (shared, not copied), added if it is not
    /// held; counts `users` more vehicles on it.
    pub(super) fn share(&mut self, set: &BehaviorSet, users: u32) -> u32 {
        if set.same_as(&self.entries[0].set) {
            return 0;
        }
        let key = splitmix64(set.address() as u64);
        let entries = &self.entries;
        let found = self.index.find(key, |e| {
            let x = &entries[e as usize];
            !x.interned && x.set.same_as(set)
        });
        let e = match found {
            Some(e) => e,
            None => self.insert(Entry::new(set.clone(), key, false)),
        };
        self.entries[e as usize].users += users;
        e
    }

    fn insert(&mut self, entry: Entry) -> u32 {
        let key = entry.key;
        let e = match self.free.pop() {
            Some(e) => {
                self.entries[e as usize] = entry;
                e
            }
            None => {
                self.entries.push(entry);
                (self.entries.len() - 1) as u32
            }
        };
        self.index.insert(key, e);
        e
    }

    /// One vehicle less on entry `e`; an entry (other than 0) nobody uses
    /// is dropped.
    pub(super) fn release(&mut self, e: u32) {
        if e == 0 {
            return;
        }
        let Some(x) = self.entries.get_mut(e as usize) else {
            return;
        };
        x.users = x.users.saturating_sub(1);
        if x.users == 0 {
            let key = x.key;
            // Hold nothing of the dropped set (its paths, its obstacles).
            let empty = self.entries[0].set.clone();
            self.entries[e as usize] = Entry::new(empty, 0, false);
            self.index.remove(key, e);
            self.free.push(e);
        }
    }
}

/// Each slot's set (`set_of` by slot, into `sets`), read like a slice of
/// sets by slot.
#[derive(Clone, Copy)]
pub(crate) struct BySlot<'a> {
    pub set_of: &'a [u32],
    pub sets: &'a Sets,
}

impl core::ops::Index<usize> for BySlot<'_> {
    type Output = BehaviorSet;

    /// The set of `slot` (the empty set for a slot out of range).
    #[inline]
    fn index(&self, slot: usize) -> &BehaviorSet {
        &self
            .sets
            .get(self.set_of.get(slot).copied().unwrap_or(0))
            .set
    }
}

/// A fingerprint of a behaviour list: the kinds and the bits of every number
/// ([`BehaviorKind::words`](super::behavior::BehaviorKind::words)), so lists
/// that differ anywhere (even `0.0` against `-0.0`) almost surely differ
/// here, and equal lists always agree.
fn fingerprint(behaviors: &[Behavior], combine: Combine) -> u64 {
    let mut h = splitmix64(combine as u64);
    let mut add = |w: u64| h = splitmix64(h ^ w);
    for b in behaviors {
        add(b.weight.to_bits());
        b.kind.words(&mut add);
    }
    h
}

/// Open addressing from a 64-bit key to entry indices (linear probing,
/// deletion by backward shift); several entries may share a key, the
/// caller's test tells them apart.
#[derive(Debug, Clone, Default)]
struct Index {
    /// `(key, entry)`, entry `u32::MAX` when empty; the length is 0 or a
    /// power of two.
    slots: Vec<(u64, u32)>,
    len: usize,
}

const EMPTY: u32 = u32::MAX;

impl Index {
    #[inline]
    fn home(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    fn find(&self, key: u64, mut is: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, e) = self.slots[i];
            if e == EMPTY {
                return None;
            }
            if k == key && is(e) {
                return Some(e);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u64, e: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            let old = core::mem::take(&mut self.slots);
            self.slots = vec![(0, EMPTY); (2 * old.len()).max(16)];
            self.len = 0;
            for (k, x) in old {
                if x != EMPTY {
                    self.insert(k, x);
                }
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i].1 != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, e);
        self.len += 1;
    }

    fn remove(&mut self, key: u64, e: u32) {
        if self.slots.is_empty() {
            return;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, x) = self.slots[i];
            if x == EMPTY {
                return;
            }
            if k == key && x == e {
                break;
            }
            i = (i + 1) & mask;
        }
        // Backward shift: move later entries of the probe run into the hole
        // when their home is not between the hole and them.
        let mut j = i;
        loop {
            j = (j + 1) & mask;
            let (k, x) = self.slots[j];
            if x == EMPTY {
                break;
            }
            let home = self.home(k);
            let between = if i <= j {
                i < home && home <= j
            } else {
                i < home || home <= j
            };
            if !between {
                self.slots[i] = self.slots[j];
                i = j;
            }
        }
        self.slots[i] = (0, EMPTY);
        self.len -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(x: f64) -> Vec<Behavior> {
        vec![Behavior::seek(Point::new(x, 1.0))]
    }

    #[test]
    fn equal_lists_share_an_entry_and_unused_entries_go() {
        let mut s = Sets::default();
        let a = s.intern(seek(1.0), Combine::WeightedSum, 1);
        let b = s.intern(seek(1.0), Combine::WeightedSum, 1);
        assert_eq!(a, b);
        assert_ne!(s.intern(seek(1.0), Combine::Priority, 1), a);
        // 0 and -0 differ in bits, so they are different lists.
        let z = s.intern(seek(0.0), Combine::WeightedSum, 1);
        assert_ne!(s.intern(seek(-0.0), Combine::WeightedSum, 1), z);
        s.release(a);
        assert_eq!(s.intern(seek(1.0), Combine::WeightedSum, 0), a);
        let live = |s: &Sets| s.live().filter(|e| e.set.behaviors() == seek(1.0)).count();
        assert_eq!(live(&s), 2);
        s.release(a);
        assert_eq!(live(&s), 1);
        let a = s.intern(seek(1.0), Combine::WeightedSum, 1);
        // A set handed in whole comes back as itself, not as an equal one.
        let own = BehaviorSet::checked(seek(1.0), Combine::WeightedSum);
        let o = s.share(&own, 2);
        assert_ne!(o, a);
        assert!(s.get(o).set.same_as(&own));
        assert_eq!(s.share(&own, 1), o);
    }

    #[test]
    fn the_index_finds_every_live_key_through_inserts_and_removals() {
        let mut s = Sets::default();
        let mut live: Vec<(f64, u32)> = Vec::new();
        for k in 0..3000u32 {
            let x = f64::from(k % 1700);
            let e = s.intern(seek(x), Combine::WeightedSum, 1);
            live.push((x, e));
            if k % 3 == 0 {
                let (_, e) = live.remove((k as usize * 7) % live.len());
                s.release(e);
            }
        }
        for &(x, e) in &live {
            assert_eq!(s.intern(seek(x), Combine::WeightedSum, 0), e);
        }
        let used: usize = s.live().count();
        let mut distinct: Vec<u64> = live.iter().map(|&(x, _)| x.to_bits()).collect();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(used, distinct.len());
    }
}
