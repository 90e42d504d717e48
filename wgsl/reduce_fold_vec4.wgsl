        a0 = comb(a0, elem(${v}.x, 4u * ${q})); a1 = comb(a1, elem(${v}.y, 4u * ${q} + 1u));
        a2 = comb(a2, elem(${v}.z, 4u * ${q} + 2u)); a3 = comb(a3, elem(${v}.w, 4u * ${q} + 3u));
