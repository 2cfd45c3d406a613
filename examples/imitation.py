"""Imitation learning on the native vector env, numpy only: a small softmax policy over the compact planes learns
to act like the efficiency bot, against three efficiency bots. DAgger: the policy plays, the bot labels every
decision it meets. Each discard is scored by one linear map of its own tile's column and its suit neighbours'
hand counts (shared by the 34 kinds, a 1×1 convolution); every other action by a linear map of all the planes.
Plots the learning curve — agreement with the teacher and the mean settlement per deal — to ``imitation.png``
(needs matplotlib: ``pip install 'mjcore[plot]'``).

    python examples/imitation.py [--updates 300] [--envs 256] [--out imitation.png]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from mjcore.env import VectorEnv


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


# For each kind and each offset -2, -1, +1, +2: the neighbouring kind of the same suit (34: none). A discard's
# score reads its own column and its neighbours' hand counts: whether a tile is isolated decides most discards.
_NEIGHBOURS = np.array([[k + d if k < 27 and (k + d) // 9 == k // 9 and 0 <= k + d else 34 for d in (-2, -1, 1, 2)]
                        for k in range(34)])


def kind_features(planes: np.ndarray) -> np.ndarray:
    """(N, 34, rows + 4 + 1): each kind's column, its suit neighbours' hand counts, and a bias."""
    hand = np.concatenate([planes[:, :4].sum(axis=1), np.zeros((len(planes), 1), np.float32)], axis=1)
    return np.concatenate([planes.transpose(0, 2, 1), hand[:, _NEIGHBOURS],
                           np.ones((len(planes), 34, 1), np.float32)], axis=2)


REPORT_EVERY = 20  # updates per point of the settlement curve


def train(updates: int, envs: int, lr: float, *, log: bool = True) -> tuple[list[float], list[tuple[int, float]]]:
    """Runs ``updates`` DAgger updates on ``envs`` tables. Returns the agreement with the teacher at each update
    (measured before it) and, every ``REPORT_EVERY`` updates, the mean settlement per deal the learner got."""
    env = VectorEnv("gd-cgc5", envs, seed=0, opponents="efficiency")
    obs, infos = env.reset(seed=0)
    rows, discards = obs.shape[1], 34
    rng = np.random.default_rng(0)
    per_kind = np.zeros(rows + 4 + 1, dtype=np.float32)  # shared by the discard of every kind
    others = np.zeros((rows * 34 + 1, len(env.layout) - discards), dtype=np.float32)  # last row: bias
    agreements: list[float] = []
    settlements: list[tuple[int, float]] = []
    settled, deals = 0.0, 0
    start = time.perf_counter()
    for update in range(1, updates + 1):
        planes = obs.astype(np.float32) / 4
        columns = kind_features(planes)
        flat = np.concatenate([planes.reshape(envs, -1), np.ones((envs, 1), np.float32)], axis=1)
        mask = infos["action_mask"].copy()
        teacher = env.expert_actions("efficiency")
        logits = np.concatenate([columns @ per_kind, flat @ others], axis=1)
        probs = masked_softmax(logits, mask)
        agreements.append(float((probs.argmax(axis=1) == teacher).mean()))
        # Cross-entropy gradient towards the teacher's choice, over the legal actions only.
        grad = probs.copy()
        grad[np.arange(envs), teacher] -= 1.0
        per_kind -= lr * np.einsum("nkf,nk->f", columns, grad[:, :discards]) / envs
        others -= lr * (flat.T @ grad[:, discards:]) / envs
        # The policy acts (sampled), so the states it meets are its own.
        cumulative = probs.cumsum(axis=1)
        actions = (cumulative > rng.random((envs, 1)) * cumulative[:, -1:]).argmax(axis=1)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        settled += float(rewards[terminated | truncated].sum())
        deals += int((terminated | truncated).sum())
        if update % REPORT_EVERY == 0:
            settlements.append((update, settled / max(deals, 1)))
            if log:
                recent = float(np.mean(agreements[-REPORT_EVERY:]))
                print(f"update {update:4d}: agreement with the teacher {recent:.2f}, "
                      f"mean settlement per deal {settlements[-1][1]:+.2f} over {deals} deals "
                      f"({time.perf_counter() - start:.0f} s)")
            settled, deals = 0.0, 0
    env.close()
    return agreements, settlements


def plot(agreements: list[float], settlements: list[tuple[int, float]], envs: int, out: str) -> bool:
    """Draws the curve to ``out``; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    figure, left = plt.subplots(figsize=(7, 4))
    left.plot(range(len(agreements)), agreements, color="tab:blue", linewidth=0.8)
    left.set_xscale("symlog", linthresh=10)
    left.set_xlabel("update (one step of every env)")
    left.set_ylabel("agreement with the efficiency bot", color="tab:blue")
    right = left.twinx()
    if settlements:
        steps, reward = zip(*settlements)
        right.plot(steps, reward, color="tab:orange")
    right.set_ylabel(f"mean settlement per deal, last {REPORT_EVERY} updates", color="tab:orange")
    left.set_title(f"Imitating the efficiency bot, gd-cgc5, {envs} envs")
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    plt.close(figure)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=300)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--out", default="imitation.png")
    args = parser.parse_args()
    agreements, settlements = train(args.updates, args.envs, args.lr)
    if plot(agreements, settlements, args.envs, args.out):
        print(f"wrote {args.out}")
    else:
        print("matplotlib is not installed: no plot")


if __name__ == "__main__":
    main()
