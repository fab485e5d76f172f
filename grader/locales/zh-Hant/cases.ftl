# The names of the course's test cases, as the text report shows them: `case-…`, said from the
# label each case carries (kernels/src/conv.rs, kernels/src/stencil.rs, the 1D section).
# English: the very words of each case's name (its identifier in the JSON, in the platforms' test
# names and in instructors' tools); a test keeps them equal. Sizes, radii and tiles are numbers
# as text: $width, $height (pixels), $r (the filter radius), $n (elements, or points per side),
# $tile (the output tile: pixels or points per side).

## 二維卷積（7.2 – 7.5、challenge-2d）。
case-conv-textbook = 教科書中的一維範例（視為 7x1 的影像），r=2
case-conv-by-hand = 7x7 影像，非對稱 5x5 濾波器 1..25
case-conv-larger = 較大的影像（分塊邊長 { $tile } 像素）：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-two-tiles-by-one = 寬兩個 { $tile } 像素的分塊，高一個分塊加一個像素：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-one-tile-by-two = 寬一個 { $tile } 像素的分塊加一個像素，高兩個分塊：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-two-tiles-and-a-pixel = 寬兩個 { $tile } 像素的分塊加一個像素，高一個分塊：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-single-pixel = 單個像素：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-smaller-than-filter = 比濾波器還小：{ $width }x{ $height }，r={ $r }，隨機資料
# hant: by hand (Taiwan: 行 is a column, 列 a row)
case-conv-one-column = 只有一行：{ $width }x{ $height }，r={ $r }，隨機資料
# hant: by hand (Taiwan: 列 is a row, 行 a column)
case-conv-one-row = 只有一列：{ $width }x{ $height }，r={ $r }，隨機資料
case-conv-metrics = 度量案例：1024x1024，r=2
case-conv-second-metrics = 尺寸由種子決定的度量案例：{ $width }x{ $height }，r={ $r }，隨機資料

## 三維七點 stencil（8.2 – 8.5、challenge-3d）。
case-stencil3d-laplacian = 斜坡 i+2j+3k 在 5^3 網格上的拉普拉斯算子：內部全為 0
case-stencil3d-smoothing = 平滑 stencil，7 個互不相同的權重，6^3 網格，值為下標除以 11 的餘數
# $tile is given but not said.
case-stencil3d-no-interior = 沒有內部點：N={ $n }，隨機資料
# $tile is given but not said.
case-stencil3d-one-interior-point = 只有一個內部點：N={ $n }，隨機資料
case-stencil3d-tile-multiple = N 為 { $tile } 點分塊的整數倍：N={ $n }，隨機資料
case-stencil3d-tile-multiple-plus-one = N 比 { $tile } 點分塊的整數倍多一：N={ $n }，隨機資料
case-stencil3d-interior-tile-multiple = N-2 為 { $tile } 點分塊的整數倍：N={ $n }，隨機資料
case-stencil3d-interior-tile-multiple-plus-one = N-2 比 { $tile } 點分塊的整數倍多一：N={ $n }，隨機資料
case-stencil3d-metrics = 度量案例：N=128

## 一維均值 stencil（1d）。
case-stencil1d-worked-example = 演算範例 [4,7,2,9,1,8,3,6]
case-stencil1d-ramp = 跨兩個執行緒塊的斜坡 0..299
case-stencil1d-one-element = 一個元素：N={ $n }，隨機資料
case-stencil1d-two-elements = 兩個元素：N={ $n }，隨機資料
case-stencil1d-three-elements = 三個元素：N={ $n }，隨機資料
case-stencil1d-one-block = 恰好一個執行緒塊：N={ $n }，隨機資料
case-stencil1d-past-a-block = 比一個執行緒塊多一個元素：N={ $n }，隨機資料
case-stencil1d-partial-block = 最後一個執行緒塊不滿：N={ $n }，隨機資料
case-stencil1d-metrics = 度量案例：N=2^20

## 一維與三維 stencil 的第二個度量案例。
case-stencil-second-metrics = 尺寸由種子決定的度量案例：N={ $n }，隨機資料
