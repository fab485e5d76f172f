# The names of the course's test cases, as the text report shows them: `case-…`, said from the
# label each case carries (kernels/src/conv.rs, kernels/src/stencil.rs, the 1D section).
# English: the very words of each case's name (its identifier in the JSON, in the platforms' test
# names and in instructors' tools); a test keeps them equal. Sizes, radii and tiles are numbers
# as text: $width, $height (pixels), $r (the filter radius), $n (elements, or points per side),
# $tile (the output tile: pixels or points per side).

## 2D convolution (7.2 – 7.5, challenge-2d).
case-conv-textbook = textbook 1D example as a 7x1 image, r=2
case-conv-by-hand = 7x7 image, asymmetric 5x5 filter 1..25
case-conv-larger = a larger image ({ $tile }-pixel tiles): { $width }x{ $height }, r={ $r }, random
case-conv-two-tiles-by-one = two { $tile }-pixel tiles by one and a pixel: { $width }x{ $height }, r={ $r }, random
case-conv-one-tile-by-two = one { $tile }-pixel tile and a pixel by two: { $width }x{ $height }, r={ $r }, random
case-conv-two-tiles-and-a-pixel = two { $tile }-pixel tiles and a pixel by one: { $width }x{ $height }, r={ $r }, random
case-conv-single-pixel = a single pixel: { $width }x{ $height }, r={ $r }, random
case-conv-smaller-than-filter = smaller than the filter: { $width }x{ $height }, r={ $r }, random
case-conv-one-column = one column: { $width }x{ $height }, r={ $r }, random
case-conv-one-row = one row: { $width }x{ $height }, r={ $r }, random
case-conv-metrics = metrics: 1024x1024, r=2
case-conv-second-metrics = metrics at a size of the seed's: { $width }x{ $height }, r={ $r }, random

## 3D seven-point stencil (8.2 – 8.5, challenge-3d).
case-stencil3d-laplacian = Laplacian of the ramp i+2j+3k on 5^3: interior all 0
case-stencil3d-smoothing = smoothing, 7 distinct weights, on 6^3 of (index mod 11)
# $tile is given but not said.
case-stencil3d-no-interior = no interior: N={ $n }, random
# $tile is given but not said.
case-stencil3d-one-interior-point = one interior point: N={ $n }, random
case-stencil3d-tile-multiple = a multiple of the { $tile }-point tile: N={ $n }, random
case-stencil3d-tile-multiple-plus-one = one more than a multiple of the { $tile }-point tile: N={ $n }, random
case-stencil3d-interior-tile-multiple = N-2 a multiple of the { $tile }-point tile: N={ $n }, random
case-stencil3d-interior-tile-multiple-plus-one = N-2 one more than a multiple of the { $tile }-point tile: N={ $n }, random
case-stencil3d-metrics = metrics: N=128

## 1D average stencil (1d).
case-stencil1d-worked-example = worked example [4,7,2,9,1,8,3,6]
case-stencil1d-ramp = ramp 0..299 over two blocks
case-stencil1d-one-element = one element: N={ $n }, random
case-stencil1d-two-elements = two elements: N={ $n }, random
case-stencil1d-three-elements = three elements: N={ $n }, random
case-stencil1d-one-block = exactly one block: N={ $n }, random
case-stencil1d-past-a-block = one element past a block: N={ $n }, random
case-stencil1d-partial-block = a partial last block: N={ $n }, random
case-stencil1d-metrics = metrics: N=2^20

## The second metrics case of the 1D and 3D stencils.
case-stencil-second-metrics = metrics at a size of the seed's: N={ $n }, random
