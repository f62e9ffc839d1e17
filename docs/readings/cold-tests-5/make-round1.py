"""Two joint tests the project has never built, for the cold reads of round 5 (issue 43 and 45's Done-when)."""
import math
from pathlib import Path

ROOT = Path(__file__).parent


def jitter(mean, pattern):
    return [round(mean * (1 + p), 2) for p in pattern]


def write(folder, files):
    d = ROOT / folder
    d.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (d / name).write_text(text, encoding="utf-8")


def bandwidth_rows(system, gbps, runs=2, samples=30):
    rows = []
    for r in range(1, runs + 1):
        for i in range(samples):
            warm = 0.55 if i == 0 else 0.85 if i == 1 else 1.0
            ripple = 1 + 0.012 * math.sin(i * 1.7 + r)
            rows.append(f"{system},{r},{i * 2}.0,{gbps * warm * ripple:.3f}")
    return rows


# ---- A: node-local baseline, Chinese, formal report, price --------------------------------------------------------
B, C, L = "Local NVMe RAID-0 (per node)", "Mingxin FX100 (dual controller)", "CephFS (existing)"
toml_a = f'''title    = "检查点保存与模型加载联合测试：Qwen2.5-32B 全参微调"
customer = "华北某智算中心"
date     = 2026-12-02
language = "zh-CN"

[report]
number          = "MX-JT-2026-0142"
revision        = "1.0"
commissioned_by = "华北某智算中心"
tested_by       = "铭芯存储 解决方案实验室"
prepared_by     = "王磊"
reviewed_by     = "陈静"
approved_by     = "刘洋"

[systems]
candidate     = "{C}"
save_baseline = "{B}"
load_baseline = "{L}"
node_local    = ["{B}"]
short         = {{ "{B}" = "本地 NVMe", "{C}" = "FX100", "{L}" = "CephFS" }}

[training]
model                     = "Qwen2.5-32B 全参微调"
total_steps               = 30000
checkpoint_interval_steps = 1000
step_time_s               = 2.4
cluster_gpus              = 1024
gpus_per_node             = 8

[gates]
min_runs       = 5
target_speedup = 1.6

[[projections]]
name        = "72B，64 块 GPU"
snapshot_gb = 880
gpus        = 64

[sources]
save_times    = "PyTorch DCP 同步保存，每次保存以 fsync 结束，每个系统 5 次（LoRA 各 3 次）"
bandwidth     = "fio 顺序写，16 个作业，O_DIRECT，每次 60 s"
load_times    = "vLLM 冷启动加载，每次加载前清除页缓存"
restore_times = "故障后从检查点恢复，清除缓存后读取，每个系统 3 次"

[economics]
gpu_hour_price  = 14.5
currency        = "CNY"
runs_per_year   = 20
candidate_price = 1800000

[environment]
"计算节点" = "2 台 8 卡 GPU 服务器，每台 2 × 200 Gb/s RoCE"
"训练框架" = "PyTorch 2.5，torch.distributed.checkpoint"
"推理平台" = "昇腾 Atlas 800T A2（910B）"
'''
save_a = ["system,model,gpus,snapshot_gb,run,save_s"]
for sys_, mean, pat in ((B, 66.1, [-0.014, 0.011, -0.018, 0.015, 0.002]), (C, 33.2, [-0.018, 0.006, -0.009, 0.018, 0.003])):
    for r, v in enumerate(jitter(mean, pat), 1):
        save_a.append(f"{sys_},Qwen2.5-32B 全参微调,16,395,{r},{v}")
for sys_, mean in ((B, 8.1), (C, 3.3)):
    for r, v in enumerate(jitter(mean, [-0.02, 0.01, 0.012]), 1):
        save_a.append(f"{sys_},Qwen2.5-7B LoRA,8,30.2,{r},{v}")
bw_a = ["system,run,t_s,write_gbps"] + bandwidth_rows(B, 3.1) + bandwidth_rows(C, 12.8)
load_a = ["system,model,platform,size_gb,run,load_s"]
plat = "Huawei Atlas 800T A2 (Ascend 910B)"
for model, size, base, cand, base_pat in (
    ("Qwen2.5-32B", 65.5, 88.0, 11.2, [-0.02, 0.015, 0.01, -0.012, 0.008]),
    ("Qwen2.5-7B", 15.2, 21.0, 2.9, [-0.09, 0.07, 0.11, -0.06]),
):
    for r, v in enumerate(jitter(base, base_pat), 1):
        load_a.append(f"{L},{model},{plat},{size},{r},{v}")
    for r, v in enumerate(jitter(cand, [-0.015, 0.02, 0.004, -0.01, 0.012][: len(base_pat)]), 1):
        load_a.append(f"{C},{model},{plat},{size},{r},{v}")
restore_a = ["system,model,run,restore_s"]
for sys_, mean in ((B, 75.0), (C, 36.0)):
    for r, v in enumerate(jitter(mean, [-0.03, 0.02, 0.012]), 1):
        restore_a.append(f"{sys_},Qwen2.5-32B 全参微调,{r},{v}")
write("nodelocal-zh", {
    "test.toml": toml_a,
    "save_times.csv": "\n".join(save_a) + "\n",
    "bandwidth.csv": "\n".join(bw_a) + "\n",
    "load_times.csv": "\n".join(load_a) + "\n",
    "restore_times.csv": "\n".join(restore_a) + "\n",
})

# ---- B: an outlier that flips the verdict, English, shared baseline, no price ------------------------------------
B2, C2 = "Parallel NFS (existing)", "Vendor X all-flash array"
toml_b = f'''title    = "Checkpoint save and model load joint test: 70B full fine-tune"
customer = "Riverside Research Compute"
date     = 2026-12-04

[systems]
candidate     = "{C2}"
save_baseline = "{B2}"
load_baseline = "{B2}"

[training]
model                     = "Llama-3-70B full fine-tune"
total_steps               = 10000
checkpoint_interval_steps = 500
step_time_s               = 6.0
cluster_gpus              = 2048

[gates]
target_speedup = 1.8

[[projections]]
name        = "405B on 512 GPUs"
snapshot_gb = 5670
saves       = 20

[sources]
save_times = "Megatron-LM synchronous saves, torch.save per rank, each save ends with fsync; 6 runs per system"
bandwidth  = "fio sequential write, 32 jobs on 4 client nodes, O_DIRECT, 60 s"
load_times = "vLLM cold start, page cache dropped before each load"

[economics]
gpu_hour_price = 2.4
currency       = "USD"
runs_per_year  = 8

[environment]
clients  = "8 × 8-GPU H100 nodes, 2 × 400 Gb/s InfiniBand each"
trainer  = "Megatron-LM core 0.9, synchronous torch checkpointing"
'''
save_b = ["system,model,gpus,snapshot_gb,run,save_s"]
for r, v in enumerate(jitter(301.0, [-0.012, 0.009, -0.006, 0.014, -0.011, 0.006]), 1):
    save_b.append(f"{B2},Llama-3-70B full fine-tune,64,980,{r},{v}")
cand = jitter(149.0, [-0.01, 0.008, 0.0, -0.006, 0.011, -0.004])
cand[2] = 204.6
for r, v in enumerate(cand, 1):
    save_b.append(f"{C2},Llama-3-70B full fine-tune,64,980,{r},{v}")
bw_b = ["system,run,t_s,write_gbps"] + bandwidth_rows(B2, 3.6, runs=3) + bandwidth_rows(C2, 7.4, runs=3)
load_b = ["system,model,platform,size_gb,run,load_s"]
for model, size, base, candv in (("Llama-3-70B", 141.2, 118.0, 24.5), ("Llama-3-8B", 16.1, 16.8, 4.1)):
    for r, v in enumerate(jitter(base, [-0.015, 0.01, 0.02, -0.01, 0.004]), 1):
        load_b.append(f"{B2},{model},NVIDIA H100,{size},{r},{v}")
    for r, v in enumerate(jitter(candv, [0.012, -0.018, 0.006, 0.01, -0.007]), 1):
        load_b.append(f"{C2},{model},NVIDIA H100,{size},{r},{v}")
write("outlier-en", {
    "test.toml": toml_b,
    "save_times.csv": "\n".join(save_b) + "\n",
    "bandwidth.csv": "\n".join(bw_b) + "\n",
    "load_times.csv": "\n".join(load_b) + "\n",
})
