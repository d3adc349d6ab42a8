// The JS half of the bindings' conversions (bindings/src/to_js.rs and
// from_js.rs): values cross as a "tape" of f64s in the module's memory, one
// call per argument or result instead of one per field. Each wasm instance
// has its own Tape (its own memory and key tables), so modules loaded side
// by side on one page never share state.
//
// Results (written by Rust, read by `decode`): 0 null, 1 false, 2 true,
// 3 <number>, 4 <key index>, 5 <index into the call's strings>, 6 array
// ... -1, 7 object (<key index> <value>)* -1, 16 + i the same object when its
// keys are the result shape i of js/result_shapes.js (generated from the
// Rust shapes), built by that shape's object literal: the engine makes a
// literal far faster than an object whose keys arrive one by one.
//
// Arguments (written by `encode`, read by Rust): the same, plus
// 8 undefined, 9 <string index>: a value the API never takes (its
// `typeof`), 10 nested too deeply. Key indices are this side's; the new
// ones go to Rust with the call (`takeKeys`).
const MAX_DEPTH = 64;
const MAX_INTERNED = 4096;
const MAX_INTERNED_LENGTH = 24;

export class Tape {
  constructor(memory, shapes) {
    this.memory = memory;
    this.shapes = shapes;
    this.view = new Float64Array(memory.buffer);
    this.at = 0;
    // Results: keys by the index Rust gave them.
    this.keys = [];
    this.extra = undefined;
    // Arguments: this side's index of each interned string.
    this.index = new Map();
    this.pending = [];
    this.strings = NO_STRINGS;
    this.writing = new Writing();
    this.encoding = 0;
  }

  /** The f64 view of the module's memory (renewed after memory grows, which detaches the old buffer). */
  refresh() {
    if (this.view.byteLength === 0) this.view = new Float64Array(this.memory.buffer);
    return this.view;
  }

  /**
   * Adds strings to the result key table (in the order of their index), each
   * as the engine's own property-name string: a key made from wasm memory is
   * a fresh string, and storing under it would look it up every time.
   */
  addKeys(list) {
    for (const k of list) this.keys.push(Object.keys({ [k]: 0 })[0]);
  }

  /** The value written at f64 index `start`; `strings` are the call's own. */
  decode(start, strings) {
    this.refresh();
    this.at = start;
    this.extra = strings;
    return this.value();
  }

  value() {
    const t = this.view;
    const op = t[this.at++];
    if (op === 3) return t[this.at++];
    if (op >= 16) {
      const o = this.shapes[op - 16](this);
      this.at++;
      return o;
    }
    if (op === 7) {
      const o = {};
      for (;;) {
        const i = this.at;
        const key = t[i];
        if (key === -1) break;
        // A number field is read here, without a call (most fields are).
        if (t[i + 1] === 3) {
          o[this.keys[key]] = t[i + 2];
          this.at = i + 3;
        } else {
          this.at = i + 1;
          o[this.keys[key]] = this.value();
        }
      }
      this.at++;
      return o;
    }
    if (op === 4) return this.keys[t[this.at++]];
    if (op === 6) {
      const a = [];
      while (t[this.at] !== -1) a.push(this.value());
      this.at++;
      return a;
    }
    if (op === 0) return null;
    if (op === 1) return false;
    if (op === 2) return true;
    if (op === 5) return this.extra[t[this.at++]];
    throw new Error(`internal: bad result tape at ${this.at - 1}`);
  }

  /** The next field's value in a result shape (past its key). */
  field() {
    const t = this.view;
    const i = this.at;
    if (t[i + 1] === 3) {
      this.at = i + 3;
      return t[i + 2];
    }
    this.at = i + 1;
    return this.value();
  }

  /** This side's index of `s`, interning it when there is room. */
  intern(s) {
    let i = this.index.get(s);
    if (i === undefined && s.length <= MAX_INTERNED_LENGTH && this.index.size < MAX_INTERNED) {
      i = this.index.size;
      this.index.set(s, i);
      this.pending.push(s);
    }
    return i;
  }

  /**
   * Writes `value` at f64 index `start`, at most `cap` slots. Returns 4 × the
   * slots used, + 1 when there are new keys to take, + 2 when the call has
   * strings of its own; or minus the slots needed when `cap` is too small.
   */
  encode(value, start, cap) {
    // The writing's own state (not the Tape's: a getter of `value` may call
    // into the module, which encodes its own arguments meanwhile, in a
    // writing of their own).
    const w = (this.encoding++ === 0 ? this.writing : new Writing()).reset(this.refresh(), start, start + cap);
    try {
      this.walk(w, value, 0);
    } finally {
      this.encoding--;
    }
    const used = w.i - start;
    this.strings = w.strings;
    if (used > cap) return -used;
    return used * 4 + (this.pending.length ? 1 : 0) + (w.strings.length ? 2 : 0);
  }

  /** A string: its key index after `op` when interned, else 5 (a value) or 9 (a type name) and its place among the call's strings. */
  str(w, op, s) {
    const k = this.intern(s);
    if (k === undefined) {
      w.put(op === 4 ? 5 : 9);
      if (w.strings === NO_STRINGS) w.strings = [];
      w.put(w.strings.length);
      w.strings.push(s);
    } else {
      w.put(op);
      w.put(k);
    }
  }

  walk(w, v, depth) {
    switch (typeof v) {
      case "number":
        w.put(3);
        w.put(v);
        return;
      case "string":
        this.str(w, 4, v);
        return;
      case "boolean":
        w.put(v ? 2 : 1);
        return;
      case "undefined":
        w.put(8);
        return;
      case "object":
        if (v === null) {
          w.put(0);
          return;
        }
        if (depth >= MAX_DEPTH) {
          w.put(10);
          return;
        }
        if (Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView))) {
          w.put(6);
          const n = v.length;
          for (let k = 0; k < n; k++) this.walk(w, v[k], depth + 1);
          w.put(-1);
          return;
        }
        w.put(7);
        // Own and inherited enumerable keys (a plain object has only its own).
        for (const k in v) {
          const x = v[k];
          if (x === undefined) continue;
          // A key the table has no room for is a field of no shape.
          const idx = this.intern(k);
          if (idx === undefined) continue;
          w.put(idx);
          this.walk(w, x, depth + 1);
        }
        w.put(-1);
        return;
      default:
        this.str(w, 9, typeof v);
    }
  }

  /** The strings interned since the last call (in index order). */
  takeKeys() {
    const k = this.pending;
    this.pending = [];
    return k;
  }

  /** The strings of the last `encode` that are not interned. */
  callStrings() {
    return this.strings;
  }
}

/** The strings of a call that has none (shared, never written to). */
const NO_STRINGS = Object.freeze([]);

/**
 * The argument being written: the view, the next slot, the end of the room,
 * the call's strings (one per module instance, reset for each argument).
 */
class Writing {
  constructor() {
    this.t = null;
    this.i = 0;
    this.end = 0;
    this.strings = NO_STRINGS;
  }

  reset(t, i, end) {
    this.t = t;
    this.i = i;
    this.end = end;
    this.strings = NO_STRINGS;
    return this;
  }

  /** Writes one slot (counted past the end too, so that the caller learns the size needed). */
  put(v) {
    const i = this.i++;
    if (i < this.end) this.t[i] = v;
  }
}
