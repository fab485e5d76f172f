// expect: pass
// why: comments in German saved as Latin-1 by an old editor (umlauts in the comments); otherwise the cached-halo kernel with German names

#ifndef FILTER_RADIUS
#define FILTER_RADIUS 2
#endif
#define TILE_DIM 32
#define R FILTER_RADIUS

__constant__ float F[2 * FILTER_RADIUS + 1][2 * FILTER_RADIUS + 1];

// naïve Version über die Kachel: Halo-Zellen kommen aus dem L1/L2-Cache, nicht aus dem Shared Memory
extern "C" __global__ void convolution_cached_tiled_2D_const_mem_kernel(float *N, float *P,
                                                                        int width, int height) {
    int zeile = blockIdx.y * TILE_DIM + threadIdx.y;
    int spalte = blockIdx.x * TILE_DIM + threadIdx.x;

    // Kachel der Größe TILE_DIM x TILE_DIM; außerhalb des Bildes steht 0
    __shared__ float kachel[TILE_DIM][TILE_DIM];
    kachel[threadIdx.y][threadIdx.x] = (zeile < height && spalte < width) ? N[zeile * width + spalte] : 0.0f;
    __syncthreads();

    // nach der Barriere darf man zurückkehren
    if (zeile >= height || spalte >= width) return;

    int zeile0 = blockIdx.y * TILE_DIM;   // erste Zeile und Spalte der Kachel im Bild
    int spalte0 = blockIdx.x * TILE_DIM;
    float summe = 0.0f;
    for (int fz = 0; fz < 2 * R + 1; fz++) {
        for (int fs = 0; fs < 2 * R + 1; fs++) {
            int z = zeile - R + fz;
            int s = spalte - R + fs;
            if (z >= zeile0 && z < zeile0 + TILE_DIM && s >= spalte0 && s < spalte0 + TILE_DIM) {
                // in der Kachel (jenseits des Bildrands liegt dort schon die 0)
                summe += F[fz][fs] * kachel[z - zeile0][s - spalte0];
            } else if (z >= 0 && z < height && s >= 0 && s < width) {
                // Halo: aus dem globalen Speicher, über den Cache
                summe += F[fz][fs] * N[z * width + s];
            }
        }
    }
    P[zeile * width + spalte] = summe;
}
