"""Two more joint tests the project has never built, for the final cold reads of round 5: realistic logs (independent
noise per system and run), formal [report] tables, the environment recorded in full."""
import random
from pathlib import Path

ROOT = Path(__file__).parent


def write(folder, files):
    d = ROOT / folder
    d.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (d / name).write_text(text, encoding="utf-8")


def bw(rng, system, gbps, runs=3, samples=40, step=1.0):
    rows = []
    for r in range(1, runs + 1):
        level = gbps * rng.gauss(1, 0.01)
        for i in range(samples):
            warm = 0.6 if i == 0 else 0.9 if i == 1 else 1.0
            rows.append(f"{system},{r},{i * step:.1f},{level * warm * rng.gauss(1, 0.025):.3f}")
    return rows


def saves(rng, system, model, gpus, gb, mean, cv, runs=5):
    return [f"{system},{model},{gpus},{gb},{r},{mean * rng.gauss(1, cv):.2f}" for r in range(1, runs + 1)]


def loads(rng, system, model, platform, gb, mean, cv, runs=5):
    return [f"{system},{model},{platform},{gb},{r},{mean * rng.gauss(1, cv):.2f}" for r in range(1, runs + 1)]


# ---- C: Chinese, shared baseline, agreed gates, the candidate makes its case ----------------------------------------
rng = random.Random(20261206)
B, C = "某品牌 NAS（现网）", "星河 S9000 全闪存阵列"
toml_c = f'''language = "zh-CN"
title    = "Llama 3 70B 检查点保存联合测试"
customer = "西部算力枢纽 第三数据中心"
date     = 2026-12-05

[report]
number          = "XH-LT-2026-087"
revision        = "A"
commissioned_by = "西部算力枢纽 第三数据中心"
tested_by       = "星河数据 测试验证部"
prepared_by     = "赵敏"
reviewed_by     = "孙浩"
approved_by     = "周建国"

[systems]
candidate     = "{C}"
save_baseline = "{B}"
load_baseline = "{B}"
short         = {{ "{C}" = "S9000", "{B}" = "现网 NAS" }}

[training]
model                     = "Llama 3 70B 继续预训练"
total_steps               = 20000
checkpoint_interval_steps = 500
step_time_s               = 4.2
cluster_gpus              = 2048
gpus_per_node             = 8

[gates]
min_runs                     = 5
max_cv_pct                   = 5
target_speedup               = 1.8
target_duration_reduction_pct = 3

[reliability]
restart_s = 900

[economics]
gpu_hour_price = 16.0
currency       = "CNY"
runs_per_year  = 12
candidate_price = 3200000

[sources]
save_times    = "Megatron-LM 同步保存（torch_dist），每次保存以 fsync 结束，每个系统 5 次"
bandwidth     = "fio 3.36 顺序写，8 个客户端节点各 16 个作业，1 MiB 块，direct=1，每次 40 s"
load_times    = "vLLM 0.6 冷启动，每次加载前在所有节点清空页缓存"
restore_times = "Megatron-LM 从最近检查点恢复到第一步开始的时间"

[environment]
"计算节点"   = "8 台 8 卡 H800 服务器，每台 4 × 400 Gb/s RoCE v2"
"被测系统配置" = "S9000 双控，24 块 7.68 TB NVMe SSD，RAID-TP，NFS over RDMA，nconnect=16"
"基线系统配置" = "现网 NAS 双控，60 块 SAS HDD + 8 块 SSD 缓存，NFS v4.1 over TCP"
"网络"       = "存储网 2 × 200 Gb/s RoCE v2 每控制器，交换机 400G 无收敛"
"测试工具"    = "fio 3.36；Megatron-LM core 0.8；vLLM 0.6.3"
"缓存处理"    = "每次加载前 echo 3 > /proc/sys/vm/drop_caches，并重启 vLLM 进程"
'''
M = "Llama 3 70B 继续预训练"
s = ["system,model,gpus,snapshot_gb,run,save_s"]
s += saves(rng, B, M, 64, 980, 214.0, 0.018) + saves(rng, C, M, 64, 980, 78.0, 0.014)
s += saves(rng, B, "Llama 3 8B 微调", 8, 112, 31.5, 0.02) + saves(rng, C, "Llama 3 8B 微调", 8, 112, 12.8, 0.015)
b = ["system,run,t_s,write_gbps"] + bw(rng, B, 4.9) + bw(rng, C, 13.6)
l = ["system,model,platform,size_gb,run,load_s"]
l += loads(rng, B, "Llama-3-70B-Instruct", "NVIDIA H800", 141.1, 168.0, 0.025)
l += loads(rng, C, "Llama-3-70B-Instruct", "NVIDIA H800", 141.1, 24.5, 0.02)
l += loads(rng, B, "Qwen2.5-14B-Instruct", "NVIDIA H800", 29.6, 36.2, 0.03)
l += loads(rng, C, "Qwen2.5-14B-Instruct", "NVIDIA H800", 29.6, 6.1, 0.025)
rt = ["system,model,run,restore_s"]
rt += [f"{B},{M},{r},{300 * rng.gauss(1, 0.03):.1f}" for r in range(1, 4)]
rt += [f"{C},{M},{r},{118 * rng.gauss(1, 0.03):.1f}" for r in range(1, 4)]
write("agreed-zh", {"test.toml": toml_c, "save_times.csv": "\n".join(s) + "\n", "bandwidth.csv": "\n".join(b) + "\n",
                    "load_times.csv": "\n".join(l) + "\n", "restore_times.csv": "\n".join(rt) + "\n"})

# ---- D: English, a faster array whose training-time gain misses the agreed target ----------------------------------
rng = random.Random(4242)
B, C = "Lustre scratch (existing)", "Northwind NX8 all-flash"
toml_d = f'''title    = "Checkpoint storage joint test: 13B pre-training on 256 GPUs"
customer = "Halvorsen Institute for Computational Research"
date     = 2026-12-03

[report]
number          = "NW-JT-0412"
revision        = "2"
commissioned_by = "Halvorsen Institute for Computational Research"
tested_by       = "Northwind Storage, Solutions Engineering"
prepared_by     = "M. Okafor"
reviewed_by     = "J. Lindqvist"
approved_by     = "R. Desai"

[systems]
candidate     = "{C}"
save_baseline = "{B}"
load_baseline = "{B}"
short         = {{ "{C}" = "NX8", "{B}" = "Lustre" }}

[training]
model                     = "13B dense pre-training (BF16; ZeRO-1)"
total_steps               = 50000
checkpoint_interval_steps = 500
step_time_s               = 3.1
cluster_gpus              = 4096
gpus_per_node             = 8

[gates]
min_runs                      = 5
max_cv_pct                    = 5
target_speedup                = 1.5
target_duration_reduction_pct = 1.5

[reliability]
gpu_mtbf_hours = 30000
restart_s      = 600

[economics]
gpu_hour_price  = 2.10
currency        = "USD"
runs_per_year   = 6
candidate_price = 850000

[[projections]]
name        = "70B on 256 GPUs"
snapshot_gb = 980
gpus        = 256
saves       = 25

[sources]
save_times = "Megatron-LM synchronous torch_dist saves with fsync, 5 per system, on 32 nodes"
bandwidth  = "fio 3.37 sequential write from the same 32 nodes, 8 jobs each, 4 MiB blocks, direct=1, 40 s per run"
load_times = "vLLM 0.6.3 cold start, page cache dropped on every node before each load"

[environment]
"compute nodes"       = "32 × 8-GPU H100 SXM, 8 × 400 Gb/s NDR InfiniBand each"
"candidate storage"   = "Northwind NX8, 4 controllers, 96 × 15.36 TB NVMe, erasure coding 8+2, NFSv4.2 over RDMA"
"baseline storage"    = "Lustre 2.15, 4 OSS / 16 OST on NL-SAS with SSD MDT, o2ib"
"network"             = "NDR InfiniBand, non-blocking fat tree"
"tools"               = "fio 3.37; Megatron-LM core 0.9; vLLM 0.6.3"
"cache handling"      = "echo 3 > /proc/sys/vm/drop_caches on every node before each load"
'''
M = "13B dense pre-training (BF16; ZeRO-1)"
s = ["system,model,gpus,snapshot_gb,run,save_s"]
s += saves(rng, B, M, 256, 182, 41.0, 0.021) + saves(rng, C, M, 256, 182, 19.5, 0.016)
s += saves(rng, B, "70B continued pre-training", 256, 980, 196.0, 0.02)
s += saves(rng, C, "70B continued pre-training", 256, 980, 88.0, 0.018)
b = ["system,run,t_s,write_gbps"] + bw(rng, B, 5.6) + bw(rng, C, 12.1)
l = ["system,model,platform,size_gb,run,load_s"]
l += loads(rng, B, "Llama-3.1-8B-Instruct", "NVIDIA H100", 16.1, 19.8, 0.03)
l += loads(rng, C, "Llama-3.1-8B-Instruct", "NVIDIA H100", 16.1, 5.9, 0.03)
l += loads(rng, B, "Llama-3.1-70B-Instruct", "NVIDIA H100", 141.1, 131.0, 0.07)
l += loads(rng, C, "Llama-3.1-70B-Instruct", "NVIDIA H100", 141.1, 27.4, 0.025)
write("missed-en", {"test.toml": toml_d, "save_times.csv": "\n".join(s) + "\n", "bandwidth.csv": "\n".join(b) + "\n",
                    "load_times.csv": "\n".join(l) + "\n"})
