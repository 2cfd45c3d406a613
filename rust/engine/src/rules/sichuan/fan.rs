//! The fan rows of A.6, in the order of `SICHUAN_FAN_KEYS` (Python) and of the ruleset's rows.

/// One fan row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Fan {
    PingHu,
    DuiDuiHu,
    QiDui,
    DaiYaoJiu,
    JiangDui,
    LongQiDui,
    QingYiSe,
    JinGouDiao,
    JiangQiDui,
    Gen,
    ZiMo,
    GangShangHua,
    GangShangPao,
    QiangGangHu,
    HaiDiLaoYue,
    HaiDiPao,
    MenQing,
    ZhongZhang,
    TianHu,
    DiHu,
}

pub const FAN_COUNT: usize = 20;

pub const KEYS: [&str; FAN_COUNT] = [
    "ping_hu",
    "dui_dui_hu",
    "qi_dui",
    "dai_yao_jiu",
    "jiang_dui",
    "long_qi_dui",
    "qing_yi_se",
    "jin_gou_diao",
    "jiang_qi_dui",
    "gen",
    "zi_mo",
    "gang_shang_hua",
    "gang_shang_pao",
    "qiang_gang_hu",
    "hai_di_lao_yue",
    "hai_di_pao",
    "men_qing",
    "zhong_zhang",
    "tian_hu",
    "di_hu",
];

/// How many times each row scored, and its fan each time (天胡/地胡 may take the cap instead of the row).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FanCounts {
    pub counts: [u8; FAN_COUNT],
    pub values: [u16; FAN_COUNT],
}

impl FanCounts {
    pub fn add(&mut self, fan: Fan, times: u8, value: u16) {
        self.counts[fan as usize] += times;
        self.values[fan as usize] = value;
    }

    /// The fan in all.
    pub fn total(&self) -> u16 {
        self.counts
            .iter()
            .zip(&self.values)
            .map(|(&c, &v)| u16::from(c) * v)
            .sum()
    }

    /// (key, count, fan) of every row that scored, in row order.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, u8, u16)> + '_ {
        (0..FAN_COUNT).filter(|&i| self.counts[i] > 0).map(|i| {
            (
                KEYS[i],
                self.counts[i],
                u16::from(self.counts[i]) * self.values[i],
            )
        })
    }
}
