// A tree segment's lane folds its row's elements ${W} * G apart (step), four accumulators deep.
    var r = part * ${W}u + lane;
    loop {
        if (r + 3u * step >= R) { break; }
        a0 = comb(a0, fetch(base, row, r));
        a1 = comb(a1, fetch(base, row, r + step));
        a2 = comb(a2, fetch(base, row, r + 2u * step));
        a3 = comb(a3, fetch(base, row, r + 3u * step));
        r = r + 4u * step;
    }
    loop {
        if (r >= R) { break; }
        a0 = comb(a0, fetch(base, row, r));
        r = r + step;
    }
