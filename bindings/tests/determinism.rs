//! The wasm half of the determinism check: the same digests as natively
//! (`tests/determinism/`), computed by the core compiled to wasm32 and run in
//! Node by wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

#[path = "../../tests/determinism/avoidance.rs"]
mod avoidance;
#[path = "../../tests/determinism/formation.rs"]
mod formation;
#[path = "../../tests/determinism/geom.rs"]
mod geom;
#[path = "../../tests/determinism/pathfind.rs"]
mod pathfind;
#[path = "../../tests/determinism/planner.rs"]
mod planner;
#[path = "../../tests/determinism/road.rs"]
mod road;
#[path = "../../tests/determinism/steering.rs"]
mod steering;

mod geom_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn geometry_digest_is_golden_in_wasm() {
        assert_eq!(crate::geom::digest(), crate::geom::GOLDEN);
    }
}

mod planner_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn digest_is_the_golden_value_in_wasm() {
        assert_eq!(
            crate::planner::digest(),
            crate::planner::GOLDEN,
            "digest {:#018x}",
            crate::planner::digest()
        );
    }

    /// The `f64x2` mirror-pair kernel against the scalar one (native), bit for
    /// bit, on 200,000 queries with many hand-overs and ties.
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn lengths_digest_is_the_golden_value_in_wasm() {
        let v = crate::planner::lengths_digest();
        assert_eq!(v, crate::planner::LENGTHS_GOLDEN, "digest {v:#018x}");
    }

    /// The Reeds–Shepp planner's lengths, words and paths, bit for bit.
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn reeds_shepp_digest_is_the_golden_value_in_wasm() {
        let v = crate::planner::reeds_shepp_digest();
        assert_eq!(v, crate::planner::REEDS_SHEPP_GOLDEN, "digest {v:#018x}");
    }

    /// The Reeds–Shepp batch and word choice on 120,000 queries, bit for bit.
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn reeds_shepp_lengths_digest_is_the_golden_value_in_wasm() {
        let v = crate::planner::reeds_shepp_lengths_digest();
        assert_eq!(
            v,
            crate::planner::REEDS_SHEPP_LENGTHS_GOLDEN,
            "digest {v:#018x}"
        );
    }
}

mod steering_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn crowd_digest_in_wasm_matches_the_native_golden_value() {
        assert_eq!(crate::steering::digest(), crate::steering::GOLDEN);
    }

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn seek_crowd_digest_in_wasm_matches_the_native_golden_value() {
        assert_eq!(crate::steering::seek_digest(), crate::steering::SEEK_GOLDEN);
    }

    #[wasm_bindgen_test::wasm_bindgen_test]
    fn dense_crowd_digest_in_wasm_matches_the_native_golden_value() {
        assert_eq!(
            crate::steering::dense_digest(),
            crate::steering::DENSE_GOLDEN
        );
    }
}

mod formation_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn formation_digest_is_golden_in_wasm() {
        assert_eq!(crate::formation::digest(), crate::formation::GOLDEN);
    }
}

mod road_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn road_digest_matches_golden_in_wasm() {
        assert_eq!(crate::road::digest(), crate::road::GOLDEN);
    }
}

mod pathfind_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn pathfinding_digest_is_golden_in_wasm() {
        let v = crate::pathfind::digest();
        assert_eq!(v, crate::pathfind::GOLDEN, "digest {v:#018x}");
    }
}

mod avoidance_wasm {
    #[wasm_bindgen_test::wasm_bindgen_test]
    fn avoidance_and_family_digest_is_golden_in_wasm() {
        let v = crate::avoidance::digest();
        assert_eq!(v, crate::avoidance::GOLDEN, "digest {v:#018x}");
    }
}
