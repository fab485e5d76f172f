# The names of the course's test cases, as the text report shows them: `case-…`, said from the
# label each case carries (kernels/src/conv.rs, kernels/src/stencil.rs, the 1D section).
# English: the very words of each case's name (its identifier in the JSON, in the platforms' test
# names and in instructors' tools); a test keeps them equal. Sizes, radii and tiles are numbers
# as text: $width, $height (pixels), $r (the filter radius), $n (elements, or points per side),
# $tile (the output tile: pixels or points per side).

## 二维卷积（7.2 – 7.5、challenge-2d）。
case-conv-textbook = 教科书中的一维示例（视为 7x1 的图像），r=2
case-conv-by-hand = 7x7 图像，非对称 5x5 滤波器 1..25
case-conv-larger = 较大的图像（分块边长 { $tile } 像素）：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-two-tiles-by-one = 宽两个 { $tile } 像素的分块，高一个分块加一个像素：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-one-tile-by-two = 宽一个 { $tile } 像素的分块加一个像素，高两个分块：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-two-tiles-and-a-pixel = 宽两个 { $tile } 像素的分块加一个像素，高一个分块：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-single-pixel = 单个像素：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-smaller-than-filter = 比滤波器还小：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-one-column = 只有一列：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-one-row = 只有一行：{ $width }x{ $height }，r={ $r }，随机数据
case-conv-metrics = 度量用例：1024x1024，r=2
case-conv-second-metrics = 尺寸由种子决定的度量用例：{ $width }x{ $height }，r={ $r }，随机数据

## 三维七点 stencil（8.2 – 8.5、challenge-3d）。
case-stencil3d-laplacian = 斜坡 i+2j+3k 在 5^3 网格上的拉普拉斯算子：内部全为 0
case-stencil3d-smoothing = 平滑 stencil，7 个互不相同的权重，6^3 网格，值为下标除以 11 的余数
# $tile is given but not said.
case-stencil3d-no-interior = 没有内部点：N={ $n }，随机数据
# $tile is given but not said.
case-stencil3d-one-interior-point = 只有一个内部点：N={ $n }，随机数据
case-stencil3d-tile-multiple = N 为 { $tile } 点分块的整数倍：N={ $n }，随机数据
case-stencil3d-tile-multiple-plus-one = N 比 { $tile } 点分块的整数倍多一：N={ $n }，随机数据
case-stencil3d-interior-tile-multiple = N-2 为 { $tile } 点分块的整数倍：N={ $n }，随机数据
case-stencil3d-interior-tile-multiple-plus-one = N-2 比 { $tile } 点分块的整数倍多一：N={ $n }，随机数据
case-stencil3d-metrics = 度量用例：N=128

## 一维均值 stencil（1d）。
case-stencil1d-worked-example = 演算示例 [4,7,2,9,1,8,3,6]
case-stencil1d-ramp = 跨两个线程块的斜坡 0..299
case-stencil1d-one-element = 一个元素：N={ $n }，随机数据
case-stencil1d-two-elements = 两个元素：N={ $n }，随机数据
case-stencil1d-three-elements = 三个元素：N={ $n }，随机数据
case-stencil1d-one-block = 恰好一个线程块：N={ $n }，随机数据
case-stencil1d-past-a-block = 比一个线程块多一个元素：N={ $n }，随机数据
case-stencil1d-partial-block = 最后一个线程块不满：N={ $n }，随机数据
case-stencil1d-metrics = 度量用例：N=2^20

## 一维与三维 stencil 的第二个度量用例。
case-stencil-second-metrics = 尺寸由种子决定的度量用例：N={ $n }，随机数据
