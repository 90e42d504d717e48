        // One key tile of nn_attention.wgsl's main loop: keys [k0, k0 + BC).
        let k0 = tk * BC;
${load_k}
${load_v_top}
        workgroupBarrier();
        // Scores s_i_h of row i, key columns tx + TX (4 h + c) for component c.
${zero_scores}
${score_loop}
        if (ALIAS) { workgroupBarrier(); }
${mask_step}
${softmax_step}
${store_p}
${load_v_late}
        workgroupBarrier();
        for (var c = 0u; c < BC; c++) {
            let pc = sm[P0 + c * PS + ty];
${pv_step}
        }
        workgroupBarrier();
