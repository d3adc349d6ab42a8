//! A crowd step allocates nothing once warmed up: every buffer (the grid's
//! counting sort, the double buffers, the reorder scratch) keeps its capacity.
//! Counted with a global allocator that tallies every allocation.
#![cfg(not(target_arch = "wasm32"))]

use arcline::steering::{Behavior, BehaviorKind, Combine, Obstacle, VehicleSpec, World};
use arcline::{Line, Path, Point, Vec2};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn a_warmed_up_crowd_step_allocates_nothing() {
    let mut w = World::new(3);
    let mut ids = Vec::new();
    for k in 0..2000 {
        let (x, y) = ((k % 50) as f64 * 2.0, (k / 50) as f64 * 2.0);
        ids.push(
            w.add_vehicle(VehicleSpec::new(x, y, 1.0, 0.1).with_velocity(Vec2::new(0.1, 0.0)))
                .unwrap(),
        );
    }
    let path = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(200.0, 50.0))).unwrap();
    let obstacles = vec![Obstacle::new(Point::new(60.0, 40.0), 5.0)];
    for (k, &id) in ids.iter().enumerate() {
        let list = match k % 4 {
            0 => vec![
                Behavior::seek(Point::new(50.0, 50.0)),
                Behavior::separation(2.0),
                Behavior::new(BehaviorKind::Alignment { radius: 4.0 }),
                Behavior::new(BehaviorKind::Cohesion { radius: 5.0 }),
            ],
            1 => vec![
                Behavior::new(BehaviorKind::Wander {
                    distance: 2.0,
                    radius: 1.0,
                    jitter: 0.5,
                }),
                Behavior::new(BehaviorKind::Avoid {
                    obstacles: obstacles.clone(),
                    look_ahead: None,
                }),
            ],
            2 => vec![Behavior::new(BehaviorKind::Pursue { quarry: ids[k - 1] })],
            _ => vec![Behavior::new(BehaviorKind::FollowPath {
                path: path.clone(),
                look_ahead: 3.0,
            })],
        };
        w.set_behaviors_with(
            id,
            list,
            if k % 8 == 3 {
                Combine::Priority
            } else {
                Combine::WeightedSum
            },
        )
        .unwrap();
    }
    w.set_record_debug(true);
    for _ in 0..30 {
        w.step(1.0);
    }
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for _ in 0..50 {
        w.step(1.0);
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after - before, 0, "allocations during 50 warmed-up steps");
}
