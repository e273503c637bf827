// TMA through inline asm, in the shapes hand-written Hopper kernels use: an attention-like
// pipeline (Q once, K/V in a 2-stage ring with expect_tx and parity waits, multicast over a
// 2-CTA cluster), im2col convolution loads, a tensor map patched in shared memory with
// tensormap.replace and published with fence.proxy.tensormap, tensor and bulk prefetches,
// and an epilogue of tensor stores, reduces and red atomics.
#include <cuda.h>
#include <cuda_fp16.h>
#include <cstdint>

__device__ __forceinline__ uint32_t smem(const void *p) { return (uint32_t)__cvta_generic_to_shared(p); }

__device__ __forceinline__ void bar_init(uint64_t *b, uint32_t n)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(n));
}
__device__ __forceinline__ void bar_expect(uint64_t *b, uint32_t bytes)
{
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem(b)), "r"(bytes));
}
__device__ __forceinline__ void bar_arrive_expect(uint64_t *b, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 _, [%0], %1;" ::"r"(smem(b)), "r"(bytes));
}
__device__ __forceinline__ void bar_wait(uint64_t *b, uint32_t phase)
{
    asm volatile("{\n\t.reg .pred done;\n"
                 "WAIT_%=:\n\t"
                 "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 done, [%0], %1, 1000000;\n\t"
                 "@!done bra WAIT_%=;\n"
                 "}" ::"r"(smem(b)), "r"(phase));
}
__device__ __forceinline__ void load2d(void *dst, const CUtensorMap *m, int x, int y, uint64_t *b, uint16_t mask,
                                       uint64_t policy)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 ".multicast::cluster.L2::cache_hint [%0], [%1, {%2, %3}], [%4], %5, %6;"
                 ::"r"(smem(dst)), "l"(m), "r"(x), "r"(y), "r"(smem(b)), "h"(mask), "l"(policy)
                 : "memory");
}
__device__ __forceinline__ void load3d(void *dst, const CUtensorMap *m, int x, int y, int z, uint64_t *b)
{
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3, %4}], [%5];"
                 ::"r"(smem(dst)), "l"(m), "r"(x), "r"(y), "r"(z), "r"(smem(b)) : "memory");
}

__global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256)
attention_like(const __grid_constant__ CUtensorMap q, const __grid_constant__ CUtensorMap k,
               const __grid_constant__ CUtensorMap v, const __grid_constant__ CUtensorMap o, int ntiles)
{
    __shared__ alignas(1024) half qs[64 * 64];
    __shared__ alignas(1024) half ks[2][64 * 64];
    __shared__ alignas(1024) half vs[2][64 * 64];
    __shared__ alignas(8) uint64_t qbar, kv[2], empty[2];
    uint32_t rank;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (threadIdx.x == 0) {
        asm volatile("prefetch.param.tensormap [%0];" ::"l"(&q));
        asm volatile("prefetch.tensormap [%0];" ::"l"(&k));
        bar_init(&qbar, 1);
        for (int s = 0; s < 2; s++) {
            bar_init(&kv[s], 1);
            bar_init(&empty[s], 4);
        }
        asm volatile("fence.mbarrier_init.release.cluster;");
    }
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;");
    if (threadIdx.x == 0) {
        bar_expect(&qbar, sizeof qs);
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem(&qbar)));
        load3d(qs, &q, 0, blockIdx.x * 64, blockIdx.y, &qbar);
        for (int t = 0; t < 2 && t < ntiles; t++) {
            bar_arrive_expect(&kv[t], sizeof ks[0] + sizeof vs[0]);
            load2d(ks[t], &k, 0, t * 64, &kv[t], 0x3, 0x12F0000000000000ull);
            load2d(vs[t], &v, 0, t * 64, &kv[t], 0x3, 0x12F0000000000000ull);
        }
    }
    bar_wait(&qbar, 0);
    float acc = 0.f;
    for (int t = 0; t < ntiles; t++) {
        int s = t & 1;
        bar_wait(&kv[s], (t >> 1) & 1);
        acc += __half2float(qs[threadIdx.x]) * __half2float(ks[s][threadIdx.x]) + __half2float(vs[s][threadIdx.x]);
        if ((threadIdx.x & 63) == 0) {
            uint32_t remote;
            asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(smem(&empty[s])), "r"(rank ^ 1));
            asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" ::"r"(remote));
        }
        if (threadIdx.x == 0 && t + 2 < ntiles) {
            bar_wait(&empty[s], (t >> 1) & 1);
            bar_arrive_expect(&kv[s], sizeof ks[0] + sizeof vs[0]);
            load2d(ks[s], &k, 0, (t + 2) * 64, &kv[s], 0x3, 0x12F0000000000000ull);
            load2d(vs[s], &v, 0, (t + 2) * 64, &kv[s], 0x3, 0x12F0000000000000ull);
        }
    }
    qs[threadIdx.x] = __float2half(acc);
    asm volatile("fence.proxy.async.shared::cta;");
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3}], [%4];"
                     ::"l"(&o), "r"(0), "r"((int)blockIdx.x * 64), "r"((int)blockIdx.y), "r"(smem(qs)) : "memory");
        asm volatile("cp.async.bulk.commit_group;");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
}

// Convolution input loads: im2col with 3-D, 4-D and 5-D maps and their offsets.
__global__ void im2col_loads(const __grid_constant__ CUtensorMap x3, const __grid_constant__ CUtensorMap x4,
                             const __grid_constant__ CUtensorMap x5, float *out)
{
    __shared__ alignas(128) float buf[3][1024];
    __shared__ alignas(8) uint64_t bar;
    if (threadIdx.x == 0) {
        bar_init(&bar, 1);
        asm volatile("fence.proxy.async.shared::cta;");
        bar_arrive_expect(&bar, sizeof buf);
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3, %4}], [%5], {%6};"
                     ::"r"(smem(buf[0])), "l"(&x3), "r"(0), "r"(1), "r"(2), "r"(smem(&bar)), "h"((uint16_t)1)
                     : "memory");
        asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3, %4, %5}], [%6], {%7, %8};"
                     ::"r"(smem(buf[1])), "l"(&x4), "r"(0), "r"(-1), "r"(-1), "r"(0), "r"(smem(&bar)),
                     "h"((uint16_t)2), "h"((uint16_t)2) : "memory");
        asm volatile("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes.L2::cache_hint"
                     " [%0], [%1, {%2, %3, %4, %5, %6}], [%7], {%8, %9, %10}, %11;"
                     ::"r"(smem(buf[2])), "l"(&x5), "r"(0), "r"(0), "r"(0), "r"(0), "r"(0), "r"(smem(&bar)),
                     "h"((uint16_t)0), "h"((uint16_t)1), "h"((uint16_t)1), "l"(0ull) : "memory");
        asm volatile("cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%0, {%1, %2, %3, %4}], {%5, %6};"
                     ::"l"(&x4), "r"(0), "r"(1), "r"(1), "r"(0), "h"((uint16_t)0), "h"((uint16_t)1));
    }
    __syncthreads();
    bar_wait(&bar, 0);
    out[threadIdx.x] = buf[0][threadIdx.x] + buf[1][threadIdx.x] + buf[2][threadIdx.x];
}

// A grouped GEMM's tensor-map patching: copy the map to shared memory, replace fields,
// publish it to the tensor-map proxy, then use it; the epilogue reduces into global memory.
__global__ void patched_map_epilogue(const __grid_constant__ CUtensorMap tmpl, CUtensorMap *gmaps, float *gptr,
                                     uint64_t stride, float *acc, unsigned *counter, int group)
{
    __shared__ alignas(128) CUtensorMap m;
    __shared__ alignas(128) float tile[32 * 32];
    __shared__ alignas(8) uint64_t bar;
    if (threadIdx.x < 32)
        reinterpret_cast<uint32_t *>(&m)[threadIdx.x] = reinterpret_cast<const uint32_t *>(&tmpl)[threadIdx.x];
    __syncwarp();
    if (threadIdx.x == 0) {
        asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(smem(&m)),
                     "l"(gptr + group * 1024));
        asm volatile("tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%0], 1, %1;" ::"r"(smem(&m)),
                     "r"(32 * (group + 1)));
        asm volatile("tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%0], 0, %1;" ::"r"(smem(&m)),
                     "l"(stride));
        asm volatile("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], 0, %1;" ::"r"(smem(&m)), "r"(32));
        asm volatile("tensormap.replace.tile.elemtype.shared::cta.b1024.b32 [%0], 7;" ::"r"(smem(&m)));
        asm volatile("tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%0], 3;" ::"r"(smem(&m)));
        asm volatile("tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 [%0], 1;" ::"r"(smem(&m)));
    }
    __syncwarp();
    if (threadIdx.x < 32)
        reinterpret_cast<uint32_t *>(gmaps + group)[threadIdx.x] = reinterpret_cast<uint32_t *>(&m)[threadIdx.x];
    asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(gmaps + group) : "memory");
        bar_init(&bar, 1);
        bar_arrive_expect(&bar, sizeof tile);
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];"
                     ::"r"(smem(tile)), "l"(gmaps + group), "r"(0), "r"(0), "r"(smem(&bar)) : "memory");
    }
    __syncthreads();
    bar_wait(&bar, 0);
    float x = tile[threadIdx.x];
    asm volatile("red.global.add.f32 [%0], %1;" ::"l"(acc + threadIdx.x), "f"(x) : "memory");
    asm volatile("red.relaxed.gpu.global.add.u32 [%0], 1;" ::"l"(counter) : "memory");
    asm volatile("red.global.max.s32 [%0], %1;" ::"l"(counter + 1), "r"(group) : "memory");
    asm volatile("red.global.add.noftz.v2.f16 [%0], {%1, %2};" ::"l"(acc + 1024), "h"((unsigned short)0x3c00),
                 "h"((unsigned short)0x3c00) : "memory");
    tile[threadIdx.x] = 2.f * x;
    asm volatile("fence.proxy.async.shared::cta;");
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.max.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(gmaps + group), "r"(0), "r"(0), "r"(smem(tile)) : "memory");
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;"
                     ::"l"(acc), "r"(smem(tile)), "r"(4096) : "memory");
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(gptr), "r"(4096));
        asm volatile("cp.async.bulk.commit_group;");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
        asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(smem(&bar)), "r"(0));
        asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(smem(&bar)));
    }
}
