// A TMA pipeline written with libcu++'s cuda::ptx wrappers (not inline asm), so the PTX
// forms are the ones NVIDIA's own headers emit: 2-D tile loads with multicast, im2col
// loads, bulk stores and reduces, tensor stores and reduces, bulk groups, mbarrier waits.
#include <cuda/ptx>
#include <cuda.h>
#include <cstdint>

namespace ptx = cuda::ptx;

__global__ void __cluster_dims__(2, 1, 1)
tma_pipeline(const __grid_constant__ CUtensorMap a, const __grid_constant__ CUtensorMap c,
             const __grid_constant__ CUtensorMap img, float *out, int iters)
{
    __shared__ alignas(1024) float tile[2][64 * 64];
    __shared__ alignas(128) float patch[256];
    __shared__ uint64_t full[2];
    if (threadIdx.x == 0) {
        ptx::mbarrier_init(&full[0], 1);
        ptx::mbarrier_init(&full[1], 1);
        ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
        ptx::fence_proxy_async(ptx::space_shared);
    }
    __syncthreads();
    float acc = 0.f;
    for (int k = 0; k < iters; k++) {
        int s = k & 1;
        if (threadIdx.x == 0) {
            int32_t crd[2] = {k * 64, (int)blockIdx.y * 64};
            ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &full[s],
                                           sizeof(tile[s]));
            ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, tile[s], &a, crd, &full[s],
                                      (uint16_t)0x3);
            int32_t pix[4] = {0, k, 1, 0};
            ptx::cp_async_bulk_tensor(ptx::space_cluster, ptx::space_global, patch, &img, pix, &full[s]);
        }
        while (!ptx::mbarrier_try_wait_parity(&full[s], (k >> 1) & 1)) {
        }
        acc += tile[s][threadIdx.x];
    }
    out[threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        ptx::fence_proxy_async(ptx::space_shared);
        int32_t crd[2] = {0, (int)blockIdx.y * 64};
        ptx::cp_async_bulk_tensor(ptx::space_global, ptx::space_shared, &c, crd, tile[0]);
        ptx::cp_reduce_async_bulk_tensor(ptx::space_global, ptx::space_shared, ptx::op_add, &c, crd, tile[1]);
        ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + 1024, patch, sizeof(patch));
        ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, out + 2048, patch,
                                  sizeof(patch));
        ptx::cp_async_bulk_commit_group();
        ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>());
    }
}
