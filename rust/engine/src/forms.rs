//! Which winning forms a ruleset recognises. Rulesets differ (鸡平胡 has no seven pairs; 贵港 and MCR do), so
//! every win, shanten and wait query takes a `FormSet`.

/// A set of winning forms, as bit flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormSet(pub u8);

impl FormSet {
    /// Sets and a pair (4 sets + pair for 13-tile hands, 5 + pair for 16-tile hands).
    pub const STANDARD: FormSet = FormSet(1);
    /// 七对: seven pairs, concealed 14 tiles only.
    pub const SEVEN_PAIRS: FormSet = FormSet(2);
    /// 十三幺: one of each terminal and honour plus a duplicate, concealed 14 tiles only.
    pub const THIRTEEN_ORPHANS: FormSet = FormSet(4);
    /// The Chinese Official knitted forms: 全不靠, 七星不靠, and 组合龙 (knitted straight + set + pair).
    pub const KNITTED: FormSet = FormSet(8);
    pub const ALL: FormSet = FormSet(15);
    pub const NONE: FormSet = FormSet(0);

    pub const fn contains(self, other: FormSet) -> bool {
        self.0 & other.0 == other.0
    }

    pub const fn union(self, other: FormSet) -> FormSet {
        FormSet(self.0 | other.0)
    }

    pub fn from_bits(bits: u8) -> Option<FormSet> {
        if bits & !FormSet::ALL.0 == 0 {
            Some(FormSet(bits))
        } else {
            None
        }
    }
}

impl Default for FormSet {
    fn default() -> Self {
        FormSet::ALL
    }
}

/// Form selection plus the per-ruleset details that change what counts as a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormOptions {
    pub forms: FormSet,
    /// Four identical concealed tiles count as two pairs in seven pairs (RULES.md OC-44, default yes).
    pub seven_pairs_quads: bool,
    /// A wild tile may stand for a fifth copy of a kind (RULES.md OC-45, default yes).
    pub wild_fifth_copy: bool,
}

impl Default for FormOptions {
    fn default() -> Self {
        FormOptions {
            forms: FormSet::ALL,
            seven_pairs_quads: true,
            wild_fifth_copy: true,
        }
    }
}

impl FormOptions {
    pub fn with_forms(forms: FormSet) -> FormOptions {
        FormOptions {
            forms,
            ..FormOptions::default()
        }
    }
}
