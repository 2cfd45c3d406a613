//! The 台 rows of B.4, in the order of `TAIWAN_TAI_KEYS` (Python) and of the ruleset's rows, and the
//! replacements (a row that replaces others is not counted with them).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Tai {
    ZhuangJia,
    LianZhuang,
    MenQing,
    ZiMo,
    MenQingZiMo,
    MenFeng,
    QuanFeng,
    SanYuan,
    ZhengHua,
    HuaGang,
    DuTing,
    QiangGang,
    GangShangKaiHua,
    HaiDiLaoYue,
    HeDiLaoYu,
    BanQiuRen,
    QuanQiuRen,
    PingHu,
    SanAnKe,
    SiAnKe,
    WuAnKe,
    PengPengHu,
    HunYiSe,
    XiaoSanYuan,
    DaSanYuan,
    QingYiSe,
    XiaoSiXi,
    DaSiXi,
    ZiYiSe,
    QiQiangYi,
    BaXianGuoHai,
    RenHu,
    DiHu,
    TianHu,
}

pub const TAI_COUNT: usize = 34;

pub const KEYS: [&str; TAI_COUNT] = [
    "zhuang_jia",
    "lian_zhuang",
    "men_qing",
    "zi_mo",
    "men_qing_zi_mo",
    "men_feng",
    "quan_feng",
    "san_yuan",
    "zheng_hua",
    "hua_gang",
    "du_ting",
    "qiang_gang",
    "gang_shang_kai_hua",
    "hai_di_lao_yue",
    "he_di_lao_yu",
    "ban_qiu_ren",
    "quan_qiu_ren",
    "ping_hu",
    "san_an_ke",
    "si_an_ke",
    "wu_an_ke",
    "peng_peng_hu",
    "hun_yi_se",
    "xiao_san_yuan",
    "da_san_yuan",
    "qing_yi_se",
    "xiao_si_xi",
    "da_si_xi",
    "zi_yi_se",
    "qi_qiang_yi",
    "ba_xian_guo_hai",
    "ren_hu",
    "di_hu",
    "tian_hu",
];

use Tai::*;

/// The replacements of B.4 (OC-T9): row → the rows it removes.
pub const REPLACES: [(Tai, &[Tai]); 11] = [
    (MenQingZiMo, &[MenQing, ZiMo]),
    (XiaoSanYuan, &[SanYuan]),
    (DaSanYuan, &[SanYuan, XiaoSanYuan]),
    (XiaoSiXi, &[MenFeng, QuanFeng]),
    (DaSiXi, &[MenFeng, QuanFeng, XiaoSiXi]),
    (ZiYiSe, &[PengPengHu]),
    (SiAnKe, &[SanAnKe]),
    (WuAnKe, &[SiAnKe, SanAnKe]),
    (RenHu, &[MenQing]),
    (DiHu, &[MenQing, ZiMo, MenQingZiMo]),
    (
        TianHu,
        &[MenQing, ZiMo, MenQingZiMo, DuTing, GangShangKaiHua],
    ),
];

/// How many times each row scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TaiCounts(pub [u8; TAI_COUNT]);

impl Default for TaiCounts {
    fn default() -> Self {
        TaiCounts([0; TAI_COUNT])
    }
}

impl TaiCounts {
    /// Adds the row once when `scored`.
    pub fn add_if(&mut self, tai: Tai, scored: bool) {
        self.0[tai as usize] += u8::from(scored);
    }

    pub fn add(&mut self, tai: Tai, times: u8) {
        self.0[tai as usize] += times;
    }

    pub fn has(&self, tai: Tai) -> bool {
        self.0[tai as usize] > 0
    }

    /// Removes every row a present row replaces (the present rows taken before any removal).
    pub fn apply_replacements(&mut self) {
        let before = *self;
        for (row, removed) in REPLACES {
            if before.has(row) {
                for &r in removed {
                    self.0[r as usize] = 0;
                }
            }
        }
    }

    pub fn total(&self, values: &[u16; TAI_COUNT]) -> u16 {
        self.0
            .iter()
            .zip(values)
            .map(|(&c, &v)| u16::from(c) * v)
            .sum()
    }
}
